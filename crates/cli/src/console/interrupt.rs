//! Ctrl-C during an evaluation. While a line is read the terminal is raw and
//! Ctrl-C is a key the line editor reads; while an input is evaluated it is
//! a SIGINT, which the line editor's own handler would swallow (it only
//! wakes its reader). The console's handler asks the evaluator to stop
//! instead (`confer_puppet::interrupt`).

/// Installs the console's SIGINT handler, in place of the line editor's.
pub fn install() {
    #[cfg(unix)]
    // SAFETY: the handler only stores to an atomic, which is
    // async-signal-safe; the `sigaction` struct is fully initialised.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_sigint as *const () as libc::sighandler_t;
        libc::sigemptyset(&mut action.sa_mask);
        action.sa_flags = libc::SA_RESTART;
        libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
    }
}

#[cfg(unix)]
extern "C" fn on_sigint(_: libc::c_int) {
    confer_puppet::interrupt::request();
}
