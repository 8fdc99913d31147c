"""Drives `confer lsp` on Debian's packaged Puppet modules (ntp, stdlib and
the rest of $CONFER_PUPPET_MODULES, which scripts/test.sh sets): a
real module opened as the workspace, with every module beside it on the
module path, answered with exact positions and texts.

    CONFER_PUPPET_MODULES=/usr/share/puppet/modules python3 tests/lsp/test_real_modules.py path/to/confer
"""

import asyncio
import os
import pathlib
import sys

from lsprotocol import types as t

from test_lsp import HERE, Session, check, diag, rng, run_tests

if "CONFER_PUPPET_MODULES" not in os.environ:
    sys.exit("CONFER_PUPPET_MODULES is not set: run through scripts/test.sh, which sets it to Debian's modules")
MODULES = pathlib.Path(os.environ["CONFER_PUPPET_MODULES"])
NTP = MODULES / "ntp"
FACTS = (HERE / "../../examples/fleet/facts/web01.example.com.yaml").resolve()


def uri(path):
    """The URI the server names a module file by: the path on the module
    path, links kept (Debian links each module to modules.available)."""
    return path.absolute().as_uri()


def short(doc_uri):
    """A location's file, relative to the module path."""
    path = pathlib.Path(doc_uri.removeprefix("file://"))
    return str(path.relative_to(MODULES)) if path.is_relative_to(MODULES) else str(path)


async def locations(found):
    return [(short(loc.uri), rng(loc.range)) for loc in await found or []]


def open_module_file(s, path, text=None):
    """Opens a module's file (or `text` in its place) by its name on the module path."""
    text = path.read_text() if text is None else text
    doc = uri(path)
    s.opened.add(doc)
    s.client.text_document_did_open(
        t.DidOpenTextDocumentParams(t.TextDocumentItem(uri=doc, language_id="puppet", version=1, text=text))
    )
    return doc


async def test_ntp_manifests_are_clean(s):
    # The one warning is true: Debian packages no augeas_core, so a compile
    # that reaches this resource fails.
    augeas = (
        (91, 4, 91, 10),
        t.DiagnosticSeverity.Warning,
        "puppet::unknown_resource_type",
        "confer",
        "Unknown resource type: 'augeas' (Puppet's packages ship it in the module augeas_core, which is not on the "
        "module path)",
    )
    expected = {"init": [], "install": [], "config": [augeas], "service": []}
    for name, diagnostics in expected.items():
        doc = open_module_file(s, NTP / f"manifests/{name}.pp")
        check((name, [diag(d) for d in await s.diagnostics_for(doc, 1)]), (name, diagnostics))


async def test_hover_a_class_parameter_with_its_hiera_value(s):
    doc = open_module_file(s, NTP / "manifests/init.pp")
    hover = await s.hover(doc, 244, 17)
    check(rng(hover.range), (244, 16, 244, 24))
    check(hover.contents.value, (
        "```puppet\nArray[String] $servers\n```\n\n"
        "Specifies one or more servers to be used as NTP peers. Default value: varies by operating system.\n\n"
        "Parameter of `ntp`\n\n"
        "Hiera gives `ntp::servers` = `['0.centos.pool.ntp.org', '1.centos.pool.ntp.org', '2.centos.pool.ntp.org']`: "
        "from `data/RedHat-family.yaml:8`, hierarchy level \"Operating System Family\" (module ntp), "
        "for node `web01.example.com`."
    ))
    definition = s.client.text_document_definition_async(
        t.DefinitionParams(t.TextDocumentIdentifier(doc), t.Position(244, 17))
    )
    check(await locations(definition), [("ntp/data/RedHat-family.yaml", (7, 0, 7, 12))])


async def test_definition_of_a_stdlib_function(s):
    doc = open_module_file(s, NTP / "manifests/init.pp")
    definition = s.client.text_document_definition_async(
        t.DefinitionParams(t.TextDocumentIdentifier(doc), t.Position(273, 16))
    )
    check(await locations(definition), [("stdlib/lib/puppet/parser/functions/pick.rb", (6, 2, 6, 47))])


async def test_references_of_a_class(s):
    doc = open_module_file(s, NTP / "manifests/init.pp")
    found = s.client.text_document_references_async(
        t.ReferenceParams(
            text_document=t.TextDocumentIdentifier(doc),
            position=t.Position(280, 12),
            context=t.ReferenceContext(include_declaration=True),
        )
    )
    check(await locations(found), [
        ("ntp/manifests/init.pp", (280, 10, 280, 22)),
        ("ntp/manifests/init.pp", (284, 9, 284, 23)),
        ("ntp/manifests/install.pp", (5, 6, 5, 18)),
    ])


async def test_completion_of_resource_attributes(s):
    # A line being typed in the package's body.
    lines = (NTP / "manifests/install.pp").read_text().split("\n")
    text = "\n".join(lines[:11] + ["      "] + lines[11:])
    doc = open_module_file(s, NTP / "manifests/install.pp", text)
    labels, _ = await s.completion(doc, 11, 6)
    check(labels[:4], ["adminfile", "allow_virtual", "allowcdrom", "category"])
    assert "ensure" in labels and "install_options" in labels and "require" in labels, labels


async def test_document_symbols(s):
    doc = open_module_file(s, NTP / "manifests/install.pp")
    found = await s.client.text_document_document_symbol_async(t.DocumentSymbolParams(t.TextDocumentIdentifier(doc)))

    def tree(symbols):
        return [(x.name, x.kind, rng(x.selection_range), tree(x.children or [])) for x in symbols]

    check(tree(found), [(
        "ntp::install",
        t.SymbolKind.Class,
        (5, 6, 5, 18),
        [("package $ntp::package_name", t.SymbolKind.Object, (9, 14, 9, 32), [])],
    )])


async def main(confer):
    session = Session(confer)
    await session.start(NTP, {"modulepath": [str(MODULES)], "facts": str(FACTS)})
    return await run_tests(session, globals(), f" on {MODULES}")


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
