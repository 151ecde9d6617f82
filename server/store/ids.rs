//! The records' ids (`domain::ids`) as database text: bound and read like a `String`, so a row
//! field or a parameter can be the id's own type.

use sqlx::any::{Any, AnyTypeInfo};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Encode, Type};

use crate::domain::ids::{AccountId, CardId, ProfileId, TransactionId, UserId};

macro_rules! text_column {
    ($($name:ident),+) => {$(
        impl Type<Any> for $name {
            fn type_info() -> AnyTypeInfo {
                <String as Type<Any>>::type_info()
            }

            fn compatible(ty: &AnyTypeInfo) -> bool {
                <String as Type<Any>>::compatible(ty)
            }
        }

        impl<'q> Encode<'q, Any> for $name {
            fn encode_by_ref(
                &self,
                buf: &mut <Any as Database>::ArgumentBuffer<'q>,
            ) -> Result<IsNull, BoxDynError> {
                <String as Encode<'q, Any>>::encode_by_ref(&self.as_str().to_string(), buf)
            }
        }

        impl<'r> Decode<'r, Any> for $name {
            fn decode(value: <Any as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                Ok(Self::from(<String as Decode<'r, Any>>::decode(value)?))
            }
        }
    )+};
}

text_column!(UserId, ProfileId, AccountId, TransactionId, CardId);
