//! Files changed outside the editor (a `git checkout`, a generated file):
//! the server asks the client to watch the workspace's `.pp` and `.rb`
//! files when the client can register watchers, and reads again what the
//! client reports changed, so the index does not go stale. A file the
//! client has open is the client's: its text comes with its own changes.

use std::path::Path;

use lsp_server::{Request, RequestId};
use lsp_types::{
    DidChangeWatchedFilesParams, DidChangeWatchedFilesRegistrationOptions, FileSystemWatcher, GlobPattern,
    InitializeParams, Registration, RegistrationParams,
};

use crate::index::{ruby, scan};
use crate::state::State;

/// The request that registers the watchers, when the client accepts
/// watchers registered at run time.
pub fn registration(params: &InitializeParams) -> Option<Request> {
    let dynamic = params.capabilities.workspace.as_ref()?.did_change_watched_files.as_ref()?.dynamic_registration?;
    if !dynamic {
        return None;
    }
    let watchers = ["**/*.pp", "**/*.rb"]
        .map(|glob| FileSystemWatcher { glob_pattern: GlobPattern::String(glob.to_string()), kind: None })
        .to_vec();
    let options = DidChangeWatchedFilesRegistrationOptions { watchers };
    let registration = Registration {
        id: "confer-watch".to_string(),
        method: "workspace/didChangeWatchedFiles".to_string(),
        register_options: serde_json::to_value(options).ok(),
    };
    let params = RegistrationParams { registrations: vec![registration] };
    Some(Request::new(RequestId::from("confer-watch".to_string()), "client/registerCapability".to_string(), params))
}

/// Reads again the files of `params` that the client does not have open.
pub fn changed(state: &mut State, params: DidChangeWatchedFilesParams) {
    for event in params.changes {
        if state.documents.get(&event.uri).is_some() {
            continue;
        }
        let Some(path) = crate::uri::to_path(&event.uri) else { continue };
        match path.extension().and_then(|e| e.to_str()) {
            Some("pp") => match scan::manifest(&path) {
                Some(file) => state.index.set_file(path, file),
                None => state.index.remove_file(&path),
            },
            Some("rb") => ruby_module(state, &path),
            _ => {}
        }
    }
}

/// Indexes again the Ruby files of the module holding `path`.
fn ruby_module(state: &mut State, path: &Path) {
    let Some(module) = state.index.modules.iter().find(|m| path.starts_with(&m.dir)).cloned() else { return };
    state.index.remove_under(&module.dir.join("lib"));
    for (file, index) in ruby::module_files(&module.dir) {
        state.index.set_file(file, index);
    }
}
