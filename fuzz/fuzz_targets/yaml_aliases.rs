//! Structure-aware YAML with anchors and aliases ("billion laughs" and
//! friends), deep nesting and YAML 1.1 scalars: `confer check` must answer
//! or report a located error within its expansion and depth limits.
#![no_main]

use arbitrary::Arbitrary;
use confer_check::document::Format;
use confer_check::{check_text, TypeEnvironment};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Node {
    Scalar(u8),
    Seq(Vec<Node>),
    Map(Vec<(u8, Node)>),
    Anchor(u8, Box<Node>),
    Alias(u8),
    Deep(u16),
}

const SCALARS: [&str; 12] = ["yes", "1_000", "0b101", "1:30", "~", "''", "-.inf", "0x_1f", "1.5", "99999999999999999999", "\"\\e\"", "a"];

fn render(node: &Node, out: &mut String, budget: &mut usize) {
    if *budget == 0 {
        out.push_str("x");
        return;
    }
    *budget -= 1;
    match node {
        Node::Scalar(s) => out.push_str(SCALARS[usize::from(*s) % SCALARS.len()]),
        Node::Seq(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                render(item, out, budget);
            }
            out.push(']');
        }
        Node::Map(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&format!("k{k}: "));
                render(v, out, budget);
            }
            out.push('}');
        }
        Node::Anchor(a, inner) => {
            out.push_str(&format!("&a{a} "));
            render(inner, out, budget);
        }
        Node::Alias(a) => out.push_str(&format!("*a{a}")),
        Node::Deep(levels) => {
            let n = usize::from(*levels);
            out.push_str(&"[".repeat(n));
            out.push_str(&"]".repeat(n));
        }
    }
}

fuzz_target!(|root: Node| {
    let mut text = String::new();
    render(&root, &mut text, &mut 10_000);
    let t = TypeEnvironment::default().resolve("Data").expect("the schema resolves");
    let _ = check_text(&t, &text, Format::Yaml, "fuzz.yaml", 100);
});
