//! `confer lsp`: a language server for Puppet over stdio, on confer's own
//! parser, static checks, built-in function table and resource type
//! tables, so an editor shows the errors `confer puppet parser validate`
//! and a compile would give. The protocol layer is `lsp-server` (the
//! message loop rust-analyzer uses) and `lsp-types`; each capability is a
//! module of its own, answering from the open documents (`documents`) and
//! the workspace index (`index`).

pub mod burst;
pub mod completion;
pub mod config;
pub mod definition;
pub mod diagnostics;
pub mod documents;
pub mod edits;
pub mod facts;
pub mod folding;
pub mod hiera;
pub mod hover;
pub mod index;
pub mod inferred;
pub mod position;
pub mod references;
pub mod resolve;
pub mod server;
pub mod state;
pub mod symbols;
pub mod syntax;
pub mod uri;
pub mod watch;

pub use server::{serve, ServerError};

/// Serves a client on standard input and output until it shuts down.
pub fn run_stdio() -> Result<(), ServerError> {
    let (connection, io_threads) = lsp_server::Connection::stdio();
    serve(&connection)?;
    drop(connection);
    io_threads.join()?;
    Ok(())
}
