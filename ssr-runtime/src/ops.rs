use std::cell::RefCell;
use std::rc::Rc;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;

use crate::host::{HostContext, HostFetch};

/// What one render carries through the op state. It is put in before the render and
/// taken out after it, so nothing of one caller stays behind for the next.
pub(crate) struct RenderSlot {
    pub input: Option<String>,
    pub output: Option<String>,
    pub context: HostContext,
}

#[op2]
#[string]
fn op_ssr_take_input(state: &mut OpState) -> Result<String, JsErrorBox> {
    state
        .try_borrow_mut::<RenderSlot>()
        .and_then(|slot| slot.input.take())
        .ok_or_else(|| JsErrorBox::generic("no render request is pending"))
}

#[op2(fast)]
fn op_ssr_put_output(state: &mut OpState, #[string] output: String) -> Result<(), JsErrorBox> {
    let slot = state
        .try_borrow_mut::<RenderSlot>()
        .ok_or_else(|| JsErrorBox::generic("no render is running"))?;
    slot.output = Some(output);
    Ok(())
}

#[op2]
#[string]
async fn op_host_fetch(
    state: Rc<RefCell<OpState>>,
    #[string] request: String,
) -> Result<String, JsErrorBox> {
    let (fetch, context) = {
        let state = state.borrow();
        let fetch = state
            .try_borrow::<HostFetch>()
            .cloned()
            .ok_or_else(|| JsErrorBox::generic("this runtime has no host fetch"))?;
        let context = state
            .try_borrow::<RenderSlot>()
            .map(|slot| slot.context.clone())
            .ok_or_else(|| JsErrorBox::generic("host fetch outside a render"))?;
        (fetch, context)
    };
    Ok(fetch(request, context).await)
}

deno_core::extension!(
    ssr_ops,
    ops = [op_ssr_take_input, op_ssr_put_output, op_host_fetch],
);

pub(crate) fn extension() -> deno_core::Extension {
    ssr_ops::init()
}
