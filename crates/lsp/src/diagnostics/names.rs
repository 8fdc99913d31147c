//! Names no module on the module path and nothing of Puppet's defines:
//! classes, functions, resource types and data types, each with the closest
//! known name as "did you mean"; a resource type Puppet's packages ship in
//! a module of their own is a warning naming that module.

use confer_diagnostic::{Diagnostic, Label};

use super::{located, THRESHOLD};
use crate::documents::Document;
use crate::index::WorkspaceIndex;
use crate::resolve;
use crate::syntax::occurrences::{Kind, Occurrence};
use crate::syntax::outline::DefKind;

/// The resource types Puppet 7's packages ship in modules of their own
/// (vendored by puppet-agent, absent from Puppet's own `lib`), with the
/// module: when it is not on the module path a compile fails, but the
/// cause is the module path, so this is a warning that says so.
const BUNDLED_TYPES: &[(&str, &str)] = &[
    ("augeas", "augeas_core"),
    ("cron", "cron_core"),
    ("host", "host_core"),
    ("k5login", "k5login_core"),
    ("mailalias", "mailalias_core"),
    ("maillist", "maillist_core"),
    ("mount", "mount_core"),
    ("scheduled_task", "scheduled_task"),
    ("selboolean", "selinux_core"),
    ("selmodule", "selinux_core"),
    ("ssh_authorized_key", "sshkeys_core"),
    ("sshkey", "sshkeys_core"),
    ("yumrepo", "yumrepo_core"),
    ("zfs", "zfs_core"),
    ("zone", "zone_core"),
    ("zpool", "zfs_core"),
];

/// A diagnostic for `o` when it names nothing the workspace or Puppet
/// defines.
pub(super) fn unknown(doc: &Document, index: &WorkspaceIndex, o: &Occurrence) -> Option<Diagnostic> {
    let (code, message, candidates): (_, String, Vec<&str>) = match &o.kind {
        Kind::Attribute(_) | Kind::Variable | Kind::HieraKey => return None,
        _ if resolve::resolve(index, doc, o).is_some() => return None,
        Kind::ResourceType | Kind::TypeRef if bundled(&o.name).is_some() => {
            let module = bundled(&o.name)?;
            let message = format!(
                "Unknown resource type: '{}' (Puppet's packages ship it in the module {module}, which is not on the module path)",
                o.name.to_ascii_lowercase()
            );
            let d = Diagnostic::warning("puppet::unknown_resource_type", format!("Warning: {message}"), message);
            return Some(d.with_primary(Some(Label::new(doc.source.name.as_str(), o.span.clone(), "here"))));
        }
        Kind::Class => {
            ("puppet::unknown_class", format!("Could not find class ::{}", o.name), index.names(DefKind::Class))
        }
        Kind::Function => {
            if confer_puppet::eval::is_puppet_function(&o.name) {
                return None;
            }
            let mut names = index.names(DefKind::Function);
            names.extend(resolve::builtin_functions().iter().map(|f| f.name));
            ("puppet::unknown_function", format!("Unknown function: '{}'.", o.name), names)
        }
        Kind::ResourceType => (
            "puppet::unknown_resource_type",
            format!("Unknown resource type: '{}'", o.name),
            resource_type_names(index),
        ),
        Kind::TypeRef => {
            let mut names: Vec<&str> = confer_puppet::eval::session::TYPE_NAMES.to_vec();
            names.extend(index.names(DefKind::TypeAlias));
            ("puppet::unknown_type", format!("Resource type not found: {}", o.name), names)
        }
    };
    let shown = if o.kind == Kind::TypeRef { o.name.clone() } else { o.name.to_ascii_lowercase() };
    let suggestion = confer_diagnostic::suggest::closest(&shown, candidates, THRESHOLD).map(String::from);
    Some(located(doc, code, message, o.span.clone(), suggestion))
}

/// The module Puppet's packages ship the resource type `name` in, if they do.
fn bundled(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    BUNDLED_TYPES.iter().find(|(t, _)| *t == name).map(|(_, m)| *m)
}

/// Every resource type the workspace and Puppet know.
fn resource_type_names(index: &WorkspaceIndex) -> Vec<&str> {
    let mut names = index.names(DefKind::Define);
    names.extend(index.names(DefKind::ResourceType));
    names.extend(confer_puppet::resource_types::builtins().map(|t| t.name.as_str()));
    names
}
