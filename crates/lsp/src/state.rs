//! What the server knows between requests: its settings, the open
//! documents, the workspace index (empty until the background scan
//! delivers it) and the node of the facts file, for `$facts` completion
//! and Hiera lookups.

use confer_core::value::Value;

use crate::config::Settings;
use crate::documents::Documents;
use crate::index::WorkspaceIndex;

/// The server's state.
#[derive(Debug, Default)]
pub struct State {
    /// Where the code is.
    pub settings: Settings,
    /// The open documents.
    pub documents: Documents,
    /// What the workspace defines.
    pub index: WorkspaceIndex,
    /// Whether the index holds the whole module path yet: names are
    /// reported unknown only once it does.
    pub indexed: bool,
    /// The facts of `initializationOptions.facts`, if given and readable.
    pub facts: Option<Value>,
    /// The node those facts are of (the facts file's `name`), whose
    /// certname Hiera hierarchies interpolate.
    pub node: Option<String>,
}
