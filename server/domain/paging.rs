//! A page of a list, parsed once at the edge: a page number and size within bounds, so the
//! offset computed from them can never overflow (a huge `page` is a field error, not a panic).

/// No list of the bank has a millionth page; past it the number is an error, not a query.
pub const MAX_PAGE: i64 = 1_000_000;

pub const PAGE_OUT_OF_RANGE: &str = "Page is out of range";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paging {
    page: i64,
    limit: i64,
}

impl Paging {
    /// `page` from 1 to [`MAX_PAGE`], `limit` from 1 to `max_limit`; each error names its field.
    pub fn parse(
        page: Option<i64>,
        limit: Option<i64>,
        default_limit: i64,
        max_limit: i64,
    ) -> Result<Self, (&'static str, String)> {
        let page = page.unwrap_or(1);
        let limit = limit.unwrap_or(default_limit);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(("page", PAGE_OUT_OF_RANGE.to_string()));
        }
        if !(1..=max_limit).contains(&limit) {
            return Err(("limit", format!("Limit is 1 to {max_limit}")));
        }
        Ok(Self { page, limit })
    }

    pub fn page(self) -> i64 {
        self.page
    }

    pub fn limit(self) -> i64 {
        self.limit
    }

    /// Rows to skip; bounded by construction (at most `MAX_PAGE × max_limit`).
    pub fn offset(self) -> i64 {
        (self.page - 1) * self.limit
    }

    pub fn total_pages(self, total: i64) -> i64 {
        if total <= 0 {
            0
        } else {
            (total - 1) / self.limit + 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_limits_are_bounded() {
        let paging = Paging::parse(Some(3), Some(50), 50, 100).unwrap();
        assert_eq!(paging.offset(), 100);
        assert_eq!(paging.total_pages(101), 3);
        assert_eq!(paging.total_pages(0), 0);
        assert_eq!(Paging::parse(None, None, 50, 100).unwrap().offset(), 0);
        for (page, limit) in [(0, 50), (-1, 50), (i64::MAX, 50), (MAX_PAGE + 1, 50)] {
            assert_eq!(
                Paging::parse(Some(page), Some(limit), 50, 100)
                    .unwrap_err()
                    .0,
                "page"
            );
        }
        for limit in [0, 101, i64::MAX, i64::MIN] {
            assert_eq!(
                Paging::parse(Some(1), Some(limit), 50, 100).unwrap_err().0,
                "limit"
            );
        }
        let last = Paging::parse(Some(MAX_PAGE), Some(100), 50, 100).unwrap();
        assert_eq!(last.offset(), (MAX_PAGE - 1) * 100);
        assert_eq!(last.total_pages(i64::MAX), i64::MAX / 100 + 1);
    }
}
