//! Debouncing, deterministically: twenty changes (one character each, as
//! range edits) and a hover are queued before the server reads any, as a
//! client typing faster than the server parses sends them. The server
//! publishes diagnostics for the last version only, matching the last
//! text, and answers the hover on every edit before it.

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};

/// What the user types: every prefix but the whole has an unterminated
/// string or call; the whole has one warning.
const TYPED: &str = r#"notice("01234567\q")"#;

fn notification(method: &str, params: Value) -> Message {
    Message::Notification(Notification::new(method.into(), params))
}

fn request(id: i32, method: &str, params: Value) -> Message {
    Message::Request(Request::new(RequestId::from(id), method.into(), params))
}

#[test]
fn a_burst_of_changes_is_checked_once_on_its_last_text() {
    let (server, client) = Connection::memory();
    let uri = "file:///nowhere/burst.pp";
    let send = |m: Message| client.sender.send(m).map_err(|e| e.to_string());
    send(request(1, "initialize", json!({"capabilities": {}}))).unwrap();
    send(notification("initialized", json!({}))).unwrap();
    let open = json!({"textDocument": {"uri": uri, "languageId": "puppet", "version": 1, "text": ""}});
    send(notification("textDocument/didOpen", open)).unwrap();
    assert_eq!(TYPED.chars().count(), 20);
    for (at, c) in TYPED.chars().enumerate() {
        let range = json!({"start": {"line": 0, "character": at}, "end": {"line": 0, "character": at}});
        let change = json!({
            "textDocument": {"uri": uri, "version": at + 2},
            "contentChanges": [{"range": range, "text": c.to_string()}],
        });
        send(notification("textDocument/didChange", change)).unwrap();
    }
    let hover = json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 2}});
    send(request(2, "textDocument/hover", hover)).unwrap();
    let running = std::thread::spawn(move || confer_lsp::serve(&server).map_err(|e| e.to_string()));

    let mut versions = Vec::new();
    let mut hovered = None;
    while hovered.is_none() || versions.last() != Some(&21) {
        match client.receiver.recv_timeout(std::time::Duration::from_secs(20)).unwrap() {
            Message::Notification(n) if n.method == "textDocument/publishDiagnostics" => {
                let version = n.params["version"].as_i64().unwrap();
                if version == 21 {
                    let messages: Vec<&str> = n.params["diagnostics"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter_map(|d| d["message"].as_str())
                        .collect();
                    assert_eq!(messages, ["Unrecognized escape sequence '\\q'"]);
                }
                versions.push(version);
            }
            Message::Response(r) if r.id == RequestId::from(2) => hovered = r.result,
            _ => {}
        }
    }
    // The open's version (maybe twice, when the index arrives), then the last.
    versions.dedup();
    assert_eq!(versions, [1, 21]);
    let hovered = hovered.unwrap().to_string();
    assert!(hovered.contains("notice(Any values*)"), "{hovered}");

    send(request(3, "shutdown", Value::Null)).unwrap();
    send(notification("exit", Value::Null)).unwrap();
    running.join().unwrap().unwrap();
}
