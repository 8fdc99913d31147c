//! The protocol loop: `initialize` (settings, capabilities), then requests
//! and notifications in the order they arrive, each answered from the
//! state as it is. The workspace index is built on a thread of its own, so
//! a document's syntax and static-check diagnostics come at once; when the
//! index arrives every open document is checked again with names, and the
//! server says so in a log message (`confer: indexed N files`). Changes are
//! read in bursts (`burst`): diagnostics once per changed document after
//! the messages already waiting, not once per keystroke.

use std::error::Error;
use std::panic::AssertUnwindSafe;
use std::time::Instant;

use crossbeam_channel::{never, select, Receiver};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument, LogMessage,
    Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, FoldingRangeRequest, GotoDefinition, HoverRequest, References, Request as _,
    WorkspaceSymbolRequest,
};
use lsp_types::{
    CompletionOptions, CompletionResponse, DocumentSymbolResponse, GotoDefinitionResponse, HoverProviderCapability,
    InitializeParams, LogMessageParams, MessageType, OneOf, PublishDiagnosticsParams, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, WorkspaceSymbolResponse,
};
use serde_json::Value;

use crate::burst::Burst;
use crate::config::Settings;
use crate::documents::Document;
use crate::index::{scan, WorkspaceIndex};
use crate::state::State;
use crate::{completion, definition, diagnostics, folding, hover, references, symbols};

/// What ends the server: the connection failing, or a message that is not
/// the protocol's.
pub type ServerError = Box<dyn Error + Send + Sync>;

/// Stack for the thread that parses the workspace: the parser bounds
/// nesting and tree height, and every walk over a tree recurses as deep, so
/// it gets the command line's evaluation stack, not a thread's default.
const SCAN_STACK_SIZE: usize = 64 * 1024 * 1024;

/// What the server offers.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::INCREMENTAL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(["$", "'", "\"", ":", "[", " "].map(String::from).to_vec()),
            ..CompletionOptions::default()
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

/// Serves one client on `connection` until it shuts down.
pub fn serve(connection: &Connection) -> Result<(), ServerError> {
    let (id, params) = connection.initialize_start()?;
    let init: InitializeParams = serde_json::from_value(params)?;
    let settings = Settings::from_initialize(&init);
    let info = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": {"name": "confer", "version": env!("CARGO_PKG_VERSION")},
    });
    connection.initialize_finish(id, info)?;
    if let Some(register) = crate::watch::registration(&init) {
        connection.sender.send(Message::Request(register))?;
    }
    let (send_index, received) = crossbeam_channel::bounded(1);
    let for_scan = settings.clone();
    std::thread::Builder::new().stack_size(SCAN_STACK_SIZE).spawn(move || {
        let started = Instant::now();
        let index = scan::build(&for_scan);
        let _ = send_index.send((index, started.elapsed()));
    })?;
    let loaded = settings.facts.as_ref().and_then(|p| confer_facts::load(p).ok());
    let (facts, node) = loaded.map(|f| (f.values, f.name)).unzip();
    let mut state = State { settings, facts, node, ..State::default() };
    let mut index_rx: Receiver<(WorkspaceIndex, std::time::Duration)> = received;
    loop {
        select! {
            recv(connection.receiver) -> msg => {
                let Ok(msg) = msg else { return Ok(()) };
                // A keystroke's change brings the ones typed after it.
                let burst: Vec<Message> = if is_change(&msg) {
                    std::iter::once(msg).chain(connection.receiver.try_iter()).collect()
                } else {
                    vec![msg]
                };
                if read_burst(connection, &mut state, burst)? == Flow::Shutdown {
                    return Ok(());
                }
            }
            recv(index_rx) -> built => {
                index_rx = never();
                if let Ok((index, took)) = built {
                    indexed(connection, &mut state, index, took)?;
                }
            }
        }
    }
}

/// Whether the loop goes on after a burst.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Shutdown,
}

/// Whether `msg` is a document's change, which starts a burst.
fn is_change(msg: &Message) -> bool {
    matches!(msg, Message::Notification(n) if n.method == DidChangeTextDocument::METHOD)
}

/// Reads the messages of one burst in order: requests are answered at
/// once on every edit before them, and each changed document's
/// diagnostics are published once, at the end.
fn read_burst(connection: &Connection, state: &mut State, burst: Vec<Message>) -> Result<Flow, ServerError> {
    let mut pending = Burst::default();
    for msg in burst {
        match msg {
            Message::Request(req) => {
                pending.analyse(state);
                if req.method == lsp_types::request::Shutdown::METHOD {
                    // The edits before it still get their diagnostics.
                    publish_due(connection, state, std::mem::take(&mut pending))?;
                }
                if connection.handle_shutdown(&req)? {
                    return Ok(Flow::Shutdown);
                }
                let id = req.id.clone();
                // A bug in one answer fails that request, not the editor's session.
                let response = std::panic::catch_unwind(AssertUnwindSafe(|| answer(state, req))).unwrap_or_else(|_| {
                    Response::new_err(id, ErrorCode::InternalError as i32, "confer lsp failed on this request".into())
                });
                connection.sender.send(Message::Response(response))?;
            }
            Message::Notification(n) => notified(connection, state, &mut pending, n)?,
            Message::Response(_) => {}
        }
    }
    publish_due(connection, state, pending)?;
    Ok(Flow::Continue)
}

/// Ends `burst`: the diagnostics of each document it changed, once.
fn publish_due(connection: &Connection, state: &mut State, burst: Burst) -> Result<(), ServerError> {
    for uri in burst.finish(state) {
        if let Some(doc) = state.documents.get(&uri) {
            publish(connection, state, doc)?;
        }
    }
    Ok(())
}

/// Takes the background scan's index, with the open documents' own
/// entries over their files', and checks the open documents again.
fn indexed(
    connection: &Connection,
    state: &mut State,
    mut index: WorkspaceIndex,
    took: std::time::Duration,
) -> Result<(), ServerError> {
    for doc in state.documents.all() {
        if let Some(file) = doc.file_index() {
            index.set_file(doc.index_key(), file);
        }
    }
    state.index = index;
    state.indexed = true;
    let message = format!(
        "confer: indexed {} files of {} modules in {} ms",
        state.index.file_count(),
        state.index.modules.len(),
        took.as_millis()
    );
    notify::<LogMessage>(connection, LogMessageParams { typ: MessageType::INFO, message })?;
    for doc in state.documents.all() {
        publish(connection, state, doc)?;
    }
    Ok(())
}

fn notified(connection: &Connection, state: &mut State, burst: &mut Burst, n: Notification) -> Result<(), ServerError> {
    match n.method.as_str() {
        DidOpenTextDocument::METHOD => {
            let p: lsp_types::DidOpenTextDocumentParams = serde_json::from_value(n.params)?;
            burst.set(p.text_document.uri, p.text_document.version, p.text_document.text);
        }
        DidChangeTextDocument::METHOD => {
            let p: lsp_types::DidChangeTextDocumentParams = serde_json::from_value(n.params)?;
            let uri = p.text_document.uri;
            let Some(text) = burst.text(state, &uri) else { return Ok(()) };
            burst.set(uri, p.text_document.version, crate::edits::apply(text, p.content_changes));
        }
        DidCloseTextDocument::METHOD => {
            let p: lsp_types::DidCloseTextDocumentParams = serde_json::from_value(n.params)?;
            let uri = p.text_document.uri;
            burst.forget(&uri);
            state.documents.close(&uri);
            // The file on disk, if any, is what the workspace holds again.
            if let Some(path) = crate::uri::to_path(&uri) {
                match scan::manifest(&path) {
                    Some(file) => state.index.set_file(path, file),
                    None => state.index.remove_file(&path),
                }
            }
            let cleared = PublishDiagnosticsParams { uri, diagnostics: Vec::new(), version: None };
            notify::<PublishDiagnostics>(connection, cleared)?;
        }
        DidChangeWatchedFiles::METHOD => {
            burst.analyse(state);
            crate::watch::changed(state, serde_json::from_value(n.params)?);
            burst.all_due();
        }
        _ => {}
    }
    Ok(())
}

fn publish(connection: &Connection, state: &State, doc: &Document) -> Result<(), ServerError> {
    let diagnostics = diagnostics::of(doc, &state.index, state.indexed, state.facts.as_ref());
    let params = PublishDiagnosticsParams { uri: doc.uri.clone(), diagnostics, version: Some(doc.version) };
    notify::<PublishDiagnostics>(connection, params)
}

fn notify<N: lsp_types::notification::Notification>(
    connection: &Connection,
    params: N::Params,
) -> Result<(), ServerError> {
    connection.sender.send(Message::Notification(Notification::new(N::METHOD.to_string(), params)))?;
    Ok(())
}

/// The response to `req`.
fn answer(state: &State, req: Request) -> Response {
    let id = req.id.clone();
    let result = match req.method.as_str() {
        HoverRequest::METHOD => on::<HoverRequest>(req, |p| {
            let at = p.text_document_position_params;
            let doc = state.documents.get(&at.text_document.uri)?;
            hover::hover(state, doc, at.position)
        }),
        GotoDefinition::METHOD => on::<GotoDefinition>(req, |p| {
            let at = p.text_document_position_params;
            let doc = state.documents.get(&at.text_document.uri)?;
            Some(GotoDefinitionResponse::Array(definition::definition(state, doc, at.position)))
        }),
        References::METHOD => on::<References>(req, |p| {
            let at = p.text_document_position;
            let doc = state.documents.get(&at.text_document.uri)?;
            Some(references::references(&state.index, doc, at.position, p.context.include_declaration))
        }),
        Completion::METHOD => on::<Completion>(req, |p| {
            let at = p.text_document_position;
            let doc = state.documents.get(&at.text_document.uri)?;
            Some(CompletionResponse::Array(completion::complete(state, doc, at.position)))
        }),
        DocumentSymbolRequest::METHOD => on::<DocumentSymbolRequest>(req, |p| {
            let doc = state.documents.get(&p.text_document.uri)?;
            Some(DocumentSymbolResponse::Nested(symbols::document(doc)))
        }),
        WorkspaceSymbolRequest::METHOD => on::<WorkspaceSymbolRequest>(req, |p| {
            Some(WorkspaceSymbolResponse::Nested(symbols::workspace(&state.index, &p.query)))
        }),
        FoldingRangeRequest::METHOD => on::<FoldingRangeRequest>(req, |p| {
            let doc = state.documents.get(&p.text_document.uri)?;
            Some(folding::ranges(doc))
        }),
        _ => Err((ErrorCode::MethodNotFound, format!("confer lsp does not answer {}", req.method))),
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, message)) => Response::new_err(id, code as i32, message),
    }
}

/// Decodes `req`'s parameters as `R`'s and answers with `f`'s result.
fn on<R: lsp_types::request::Request>(
    req: Request,
    f: impl FnOnce(R::Params) -> R::Result,
) -> Result<Value, (ErrorCode, String)> {
    let params: R::Params =
        serde_json::from_value(req.params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?;
    serde_json::to_value(f(params)).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}
