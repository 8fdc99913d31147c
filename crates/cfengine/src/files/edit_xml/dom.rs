//! The XML document an `edit_xml` bundle edits: the part of libxml2's tree
//! (`xmlDoc`, `xmlNode`) that cf-agent's edits and libxml2's writer see.
//! Nodes live in an arena and are named by index; a node taken out of the
//! tree stays in the arena, unreachable, until the document is dropped.
//! Names are kept as libxml2 keeps them: an element's or attribute's local
//! name, with the prefix and namespace it resolved to, since cf-agent
//! compares local names and XPath 1.0 matches names with their namespace.

/// Index of a node in its document's arena.
pub(crate) type NodeId = usize;

/// The namespace the `xml` prefix is always bound to.
pub(crate) const XML_NAMESPACE: &str = "http://www.w3.org/XML/1998/namespace";

/// What a node is.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    Element(Element),
    /// Character data (`XML_TEXT_NODE`), references resolved.
    Text(String),
    /// A `<![CDATA[...]]>` section.
    CData(String),
    Comment(String),
    /// A processing instruction: target, and data (`None` when absent).
    Pi(String, Option<String>),
    /// A `<!DOCTYPE>` without internal subset, as libxml2 writes it back.
    DocType(String),
}

/// An element's name, namespaces and attributes.
#[derive(Clone, Debug, Default)]
pub(crate) struct Element {
    /// Its local name (libxml2's `node->name`), or the whole qualified name
    /// when the prefix was not declared (as libxml2 keeps it).
    pub name: String,
    /// The prefix it is written with, when declared.
    pub prefix: Option<String>,
    /// The namespace its name is in.
    pub ns: Option<String>,
    /// Its namespace declarations (`xmlns`, `xmlns:p`), which libxml2
    /// writes before the attributes.
    pub ns_defs: Vec<(Option<String>, String)>,
    pub attrs: Vec<Attr>,
}

impl Element {
    /// An element with a name and nothing else (`xmlNewNode(NULL, name)`).
    pub(crate) fn named(name: &str) -> Element {
        Element { name: name.to_string(), ..Element::default() }
    }

    /// The name as written: `prefix:local` or `local`.
    pub(crate) fn qname(&self) -> String {
        qualified(self.prefix.as_deref(), &self.name)
    }
}

/// An attribute, its value with references resolved.
#[derive(Clone, Debug)]
pub(crate) struct Attr {
    pub name: String,
    pub prefix: Option<String>,
    pub ns: Option<String>,
    pub value: String,
}

impl Attr {
    /// The name as written.
    pub(crate) fn qname(&self) -> String {
        qualified(self.prefix.as_deref(), &self.name)
    }
}

fn qualified(prefix: Option<&str>, name: &str) -> String {
    match prefix {
        Some(p) => format!("{p}:{name}"),
        None => name.to_string(),
    }
}

/// One node: what it is, where it hangs.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub kind: Kind,
    pub parent: Option<NodeId>,
    pub children: Vec<NodeId>,
}

/// A document: its declaration and its top-level nodes (the root element
/// among comments, processing instructions and a document type).
#[derive(Clone, Debug)]
pub(crate) struct Doc {
    nodes: Vec<Node>,
    /// The document's own children, in order.
    pub top: Vec<NodeId>,
    /// `version` of the XML declaration ("1.0" when there was none).
    pub version: String,
    /// `encoding` of the XML declaration, as written.
    pub encoding: Option<String>,
    /// `standalone` of the XML declaration.
    pub standalone: Option<bool>,
}

impl Default for Doc {
    fn default() -> Self {
        Doc::new()
    }
}

impl Doc {
    /// An empty document (`xmlNewDoc("1.0")`).
    pub(crate) fn new() -> Doc {
        Doc { nodes: vec![], top: vec![], version: "1.0".into(), encoding: None, standalone: None }
    }

    /// How many nodes the arena holds (reachable or not).
    pub(crate) fn arena_len(&self) -> usize {
        self.nodes.len()
    }

    /// A new node, not yet in the tree.
    pub(crate) fn create(&mut self, kind: Kind) -> NodeId {
        self.nodes.push(Node { kind, parent: None, children: vec![] });
        self.nodes.len() - 1
    }

    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// What a node is, to change it.
    pub(crate) fn kind_mut(&mut self, id: NodeId) -> &mut Kind {
        &mut self.nodes[id].kind
    }

    /// The element a node is, if it is one.
    pub(crate) fn element(&self, id: NodeId) -> Option<&Element> {
        match &self.nodes[id].kind {
            Kind::Element(e) => Some(e),
            _ => None,
        }
    }

    /// The element a node is, to change it.
    pub(crate) fn element_mut(&mut self, id: NodeId) -> Option<&mut Element> {
        match &mut self.nodes[id].kind {
            Kind::Element(e) => Some(e),
            _ => None,
        }
    }

    /// The root element (`xmlDocGetRootElement`).
    pub(crate) fn root(&self) -> Option<NodeId> {
        self.top.iter().copied().find(|&id| self.element(id).is_some())
    }

    /// `xmlDocSetRootElement` on a document without one: the element joins
    /// the document's children.
    pub(crate) fn set_root(&mut self, id: NodeId) {
        self.nodes[id].parent = None;
        self.top.push(id);
    }

    /// `xmlAddChild`: `child` appended to `parent`'s children; text after
    /// text is merged into it, as libxml2 merges it.
    pub(crate) fn append(&mut self, parent: NodeId, child: NodeId) {
        if let Kind::Text(t) = &self.nodes[child].kind {
            if let Some(&last) = self.nodes[parent].children.last() {
                if let Kind::Text(_) = self.nodes[last].kind {
                    let t = t.clone();
                    if let Kind::Text(l) = &mut self.nodes[last].kind {
                        l.push_str(&t);
                    }
                    return;
                }
            }
        }
        self.nodes[child].parent = Some(parent);
        self.nodes[parent].children.push(child);
    }

    /// `xmlUnlinkNode`: the node taken out of its parent.
    pub(crate) fn unlink(&mut self, id: NodeId) {
        match self.nodes[id].parent.take() {
            Some(p) => self.nodes[p].children.retain(|&c| c != id),
            None => self.top.retain(|&c| c != id),
        }
    }

    /// The node's children.
    pub(crate) fn children(&self, id: NodeId) -> &[NodeId] {
        &self.nodes[id].children
    }

    /// Replaces a node's children (they are unlinked; the new ones are
    /// taken as they are, without merging).
    pub(crate) fn set_children(&mut self, id: NodeId, children: Vec<NodeId>) {
        for c in std::mem::take(&mut self.nodes[id].children) {
            self.nodes[c].parent = None;
        }
        for &c in &children {
            self.nodes[c].parent = Some(id);
        }
        self.nodes[id].children = children;
    }

    /// The element children (`xmlFirstElementChild`, `xmlNextElementSibling`).
    pub(crate) fn element_children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes[id].children.iter().copied().filter(|&c| self.element(c).is_some())
    }

    /// The text of a node (`xmlNodeGetContent`): an element's is all the
    /// text and CDATA below it; `None` for no node.
    pub(crate) fn content(&self, id: Option<NodeId>) -> Option<String> {
        let id = id?;
        Some(match &self.nodes[id].kind {
            Kind::Element(_) => {
                let mut out = String::new();
                self.descendant_text(id, &mut out);
                out
            }
            Kind::Text(t) | Kind::CData(t) | Kind::Comment(t) => t.clone(),
            Kind::Pi(_, d) => d.clone().unwrap_or_default(),
            Kind::DocType(_) => return None,
        })
    }

    /// Appends the text and CDATA below `id`, in document order, walking
    /// with a stack of its own (no recursion on a document's depth).
    pub(crate) fn descendant_text(&self, id: NodeId, out: &mut String) {
        let mut stack: Vec<NodeId> = self.nodes[id].children.iter().rev().copied().collect();
        while let Some(n) = stack.pop() {
            match &self.nodes[n].kind {
                Kind::Text(t) | Kind::CData(t) => out.push_str(t),
                Kind::Element(_) => stack.extend(self.nodes[n].children.iter().rev()),
                _ => {}
            }
        }
    }

    /// The first child's text (`xmlNodeGetContent(node->children)`), what
    /// cf-agent compares a node's text by.
    pub(crate) fn first_child_content(&self, id: NodeId) -> Option<String> {
        self.content(self.nodes[id].children.first().copied())
    }

    /// The attribute `xmlHasProp` finds: the first whose local name is `name`.
    pub(crate) fn has_prop(&self, id: NodeId, name: &str) -> Option<usize> {
        self.element(id)?.attrs.iter().position(|a| a.name == name)
    }

    /// `xmlSetProp` with a name without prefix: the attribute's value
    /// replaced, or the attribute added last.
    pub(crate) fn set_prop(&mut self, id: NodeId, name: &str, value: &str) {
        let Some(e) = self.element_mut(id) else { return };
        match e.attrs.iter_mut().find(|a| a.name == name && a.ns.is_none()) {
            Some(a) => a.value = value.to_string(),
            None => e.attrs.push(Attr { name: name.to_string(), prefix: None, ns: None, value: value.to_string() }),
        }
    }

    /// Copies the subtree `id` of `from` into this document (not linked
    /// yet), with a stack of its own.
    pub(crate) fn import(&mut self, from: &Doc, id: NodeId) -> NodeId {
        let top = self.create(from.nodes[id].kind.clone());
        let mut stack = vec![(id, top)];
        while let Some((src, dst)) = stack.pop() {
            for &c in &from.nodes[src].children {
                let copy = self.create(from.nodes[c].kind.clone());
                self.nodes[copy].parent = Some(dst);
                self.nodes[dst].children.push(copy);
                stack.push((c, copy));
            }
        }
        top
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_appended_after_text_is_merged() {
        let mut d = Doc::new();
        let r = d.create(Kind::Element(Element::named("r")));
        d.set_root(r);
        let a = d.create(Kind::Text("a".into()));
        let b = d.create(Kind::Text("b".into()));
        d.append(r, a);
        d.append(r, b);
        assert_eq!(d.children(r).len(), 1);
        assert_eq!(d.content(Some(r)).as_deref(), Some("ab"));
    }

    #[test]
    fn content_is_the_text_below_and_none_for_no_node() {
        let mut d = Doc::new();
        let r = d.create(Kind::Element(Element::named("r")));
        let c = d.create(Kind::Element(Element::named("c")));
        let t = d.create(Kind::Text("x".into()));
        let k = d.create(Kind::Comment("no".into()));
        d.append(r, k);
        d.append(r, c);
        d.append(c, t);
        assert_eq!(d.content(Some(r)).as_deref(), Some("x"));
        assert_eq!(d.first_child_content(r).as_deref(), Some("no"));
        assert_eq!(d.content(None), None);
        let copy = d.import(&d.clone(), r);
        assert_eq!(d.content(Some(copy)).as_deref(), Some("x"));
    }
}
