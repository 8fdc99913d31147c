"""Drives `confer lsp` with a real LSP client (pygls) over stdio and checks
each capability's answers, positions and texts exactly.

The workspace is tests/lsp/control-repo: its own module `webapp` (a class
with puppet-strings comments, a defined type, Puppet and Ruby functions, a
type alias, a Ruby resource type) and, through its environment.conf, the
roles, profiles and modules of examples/fleet. Facts for `$facts`
completion come from examples/fleet/facts.

    python3 tests/lsp/test_lsp.py path/to/confer
"""

import asyncio
import pathlib
import sys
import traceback

from lsprotocol import types as t
from pygls.lsp.client import LanguageClient

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE / "control-repo"
FLEET = (HERE / "../../examples/fleet/environments/production").resolve()
TIMEOUT = 20


def uri(path):
    return path.resolve().as_uri()


def rng(range_):
    """A range as (line, character, line, character)."""
    return (range_.start.line, range_.start.character, range_.end.line, range_.end.character)


class Session:
    """One server and the diagnostics it has published."""

    def __init__(self, confer):
        self.confer = confer
        self.client = LanguageClient("confer-lsp-test", "1")
        self.diagnostics = {}
        self.published = asyncio.Condition()
        self.indexed = asyncio.Event()
        self.logs = []
        self.opened = set()

        @self.client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        async def on_diagnostics(params):
            async with self.published:
                self.diagnostics[params.uri] = (params.version, params.diagnostics)
                self.published.notify_all()

        self.registrations = []

        @self.client.feature(t.CLIENT_REGISTER_CAPABILITY)
        def on_register(params):
            self.registrations.extend(params.registrations)

        @self.client.feature(t.WINDOW_LOG_MESSAGE)
        def on_log(params):
            self.logs.append(params.message)
            if params.message.startswith("confer: indexed"):
                self.indexed.set()

    async def start(self, root=ROOT, options=None):
        """Starts the server on the workspace `root` with `options` (by
        default, the fleet example's facts of web01)."""
        await self.client.start_io(self.confer, "lsp")
        if options is None:
            options = {"facts": "../../../examples/fleet/facts/web01.example.com.yaml"}
        result = await self.client.initialize_async(
            t.InitializeParams(
                capabilities=t.ClientCapabilities(
                    workspace=t.WorkspaceClientCapabilities(
                        did_change_watched_files=t.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)
                    )
                ),
                workspace_folders=[t.WorkspaceFolder(uri=root.absolute().as_uri(), name=root.name)],
                initialization_options=options,
            )
        )
        self.client.initialized(t.InitializedParams())
        await asyncio.wait_for(self.indexed.wait(), TIMEOUT)
        return result

    async def stop(self):
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()

    async def diagnostics_for(self, doc_uri, version):
        """The diagnostics published for `version` of the document, once the
        index is there (the server publishes again when it arrives)."""

        async def wait():
            async with self.published:
                await self.published.wait_for(lambda: self.diagnostics.get(doc_uri, (None,))[0] == version)
                return list(self.diagnostics[doc_uri][1])

        return await asyncio.wait_for(wait(), TIMEOUT)

    def open(self, path, text=None, version=1):
        text = path.read_text() if text is None else text
        self.opened.add(uri(path))
        self.client.text_document_did_open(
            t.DidOpenTextDocumentParams(t.TextDocumentItem(uri=uri(path), language_id="puppet", version=version, text=text))
        )
        return uri(path)

    def close(self, doc_uri):
        self.opened.discard(doc_uri)
        self.client.text_document_did_close(t.DidCloseTextDocumentParams(t.TextDocumentIdentifier(doc_uri)))

    def close_all(self):
        """Closes what a test left open, so the next starts from the files on disk."""
        for doc_uri in list(self.opened):
            self.close(doc_uri)

    def change(self, doc_uri, text, version):
        self.client.text_document_did_change(
            t.DidChangeTextDocumentParams(
                text_document=t.VersionedTextDocumentIdentifier(uri=doc_uri, version=version),
                content_changes=[t.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    async def hover(self, doc_uri, line, character):
        return await self.client.text_document_hover_async(
            t.HoverParams(t.TextDocumentIdentifier(doc_uri), t.Position(line, character))
        )

    async def definition(self, doc_uri, line, character):
        found = await self.client.text_document_definition_async(
            t.DefinitionParams(t.TextDocumentIdentifier(doc_uri), t.Position(line, character))
        )
        return [(short(loc.uri), rng(loc.range)) for loc in found or []]

    async def references(self, doc_uri, line, character, declaration=True):
        found = await self.client.text_document_references_async(
            t.ReferenceParams(
                text_document=t.TextDocumentIdentifier(doc_uri),
                position=t.Position(line, character),
                context=t.ReferenceContext(include_declaration=declaration),
            )
        )
        return [(short(loc.uri), rng(loc.range)) for loc in found or []]

    async def completion(self, doc_uri, line, character):
        found = await self.client.text_document_completion_async(
            t.CompletionParams(t.TextDocumentIdentifier(doc_uri), t.Position(line, character))
        )
        items = found.items if isinstance(found, t.CompletionList) else found or []
        return [i.label for i in items], items


def short(doc_uri):
    """A location's file, relative to the control repository or the fleet example."""
    path = pathlib.Path(doc_uri.removeprefix("file://"))
    for base, name in ((ROOT, "repo"), (FLEET, "fleet")):
        if path.is_relative_to(base):
            return f"{name}:{path.relative_to(base)}"
    return str(path)


def check(got, expected):
    """Fails with both values when they differ."""
    if got != expected:
        raise AssertionError(f"\n got:      {got!r}\n expected: {expected!r}")


def diag(d):
    return (rng(d.range), d.severity, d.code, d.source, d.message)


E, W = t.DiagnosticSeverity.Error, t.DiagnosticSeverity.Warning

# ---------------------------------------------------------------- diagnostics


async def test_syntax_error_and_its_fix(s):
    doc = s.open(ROOT / "manifests/broken.pp", "class broken {\n  notice(\n}\n")
    check([diag(d) for d in await s.diagnostics_for(doc, 1)], [
        ((2, 0, 2, 1), E, "puppet::syntax", "confer", "Syntax error at '}'"),
    ])
    s.change(doc, "class broken {\n  notice('x')\n}\n", 2)
    check(await s.diagnostics_for(doc, 2), [])
    s.close(doc)
    check(await s.diagnostics_for(doc, None), [])


async def test_a_burst_of_keystrokes_is_checked_on_its_last_text(s):
    """Twenty one-character range edits sent without waiting: the last
    version's diagnostics arrive and are those of the whole text typed."""
    doc = s.open(ROOT / "manifests/typed.pp", "class typed {\n  \n}\n")
    await s.diagnostics_for(doc, 1)

    typed = 'notice("01234567\\q")'
    for n, c in enumerate(typed):
        edit = t.TextDocumentContentChangePartial(range=t.Range(t.Position(1, 2 + n), t.Position(1, 2 + n)), text=c)
        s.client.text_document_did_change(
            t.DidChangeTextDocumentParams(
                text_document=t.VersionedTextDocumentIdentifier(uri=doc, version=n + 2), content_changes=[edit]
            )
        )
    final = len(typed) + 1
    check([diag(d) for d in await s.diagnostics_for(doc, final)], [
        ((1, 21, 1, 22), W, "puppet::warning", "confer", "Unrecognized escape sequence '\\q'"),
    ])
    hover = await s.hover(doc, 1, 4)
    assert hover.contents.value.startswith("```puppet\nnotice("), hover.contents.value
    s.close(doc)


async def test_static_checks_each_at_its_place(s):
    # The emoji is two UTF-16 units: the range after it counts them.
    text = 'class checks {\n  notice("\\q")\n  $s = "😀"; 1 = 2\n  $x::y = 3\n}\n'
    doc = s.open(ROOT / "manifests/checks.pp", text)
    check([diag(d) for d in await s.diagnostics_for(doc, 1)], [
        (
            (2, 13, 2, 14),
            E,
            "puppet::syntax",
            "confer",
            "Illegal attempt to assign to 'a Literal Integer'. Not an assignable reference",
        ),
        (
            (3, 2, 3, 7),
            E,
            "puppet::syntax",
            "confer",
            "Illegal attempt to assign to 'x::y'. Cannot assign to variables in other namespaces",
        ),
        ((1, 13, 1, 14), W, "puppet::warning", "confer", "Unrecognized escape sequence '\\q'"),
    ])
    s.close(doc)


async def test_a_bad_regexp_is_marked_where_it_is_written(s):
    doc = s.open(ROOT / "manifests/regexp.pp", "$x = 1\n$y = /(/\n")
    [d] = await s.diagnostics_for(doc, 1)
    check((rng(d.range), d.severity, d.code), ((1, 5, 1, 8), E, "puppet::loading"))
    assert d.message.startswith("Could not parse for environment production: "), d.message
    s.close(doc)


async def test_unknown_names_with_did_you_mean(s):
    text = (
        "include ntpp\n"
        "notise('x')\n"
        "fille { '/x': }\n"
        "file { '/y': ensur => file }\n"
        "class { 'ntp': servrs => [] }\n"
        "nginx::site { 'a': prot => 1 }\n"
        "webapp_config { 'x': valu => 1 }\n"
        "$x = Strng\n"
        "webapp::vhost { 'b': port => 1, require => Package['p'] }\n"
        "cron { 'backup': command => 'x' }\n"
        "webapp::vhost { default: docroot => '/d'; 'c': ; 'd': port => 2 }\n"
    )
    doc = s.open(ROOT / "manifests/unknown.pp", text)
    check([diag(d) for d in await s.diagnostics_for(doc, 1)], [
        ((0, 8, 0, 12), E, "puppet::unknown_class", "confer", "Could not find class ::ntpp (did you mean 'ntp'?)"),
        (
            (1, 0, 1, 6),
            E,
            "puppet::unknown_function",
            "confer",
            "Unknown function: 'notise'. (did you mean 'notice'?)",
        ),
        (
            (2, 0, 2, 5),
            E,
            "puppet::unknown_resource_type",
            "confer",
            "Unknown resource type: 'fille' (did you mean 'file'?)",
        ),
        (
            (3, 13, 3, 18),
            E,
            "puppet::type_mismatch",
            "confer",
            "File: has no parameter named 'ensur' (did you mean 'ensure'?)",
        ),
        (
            (4, 15, 4, 21),
            E,
            "puppet::type_mismatch",
            "confer",
            "Class[Ntp]: has no parameter named 'servrs' (did you mean 'servers'?)",
        ),
        (
            (5, 19, 5, 23),
            E,
            "puppet::type_mismatch",
            "confer",
            "Nginx::Site: has no parameter named 'prot' (did you mean 'port'?)",
        ),
        (
            (6, 21, 6, 25),
            E,
            "puppet::type_mismatch",
            "confer",
            "Webapp_config: has no parameter named 'valu' (did you mean 'value'?)",
        ),
        (
            (7, 5, 7, 10),
            E,
            "puppet::unknown_type",
            "confer",
            "Resource type not found: Strng (did you mean 'String'?)",
        ),
        (
            (9, 0, 9, 4),
            W,
            "puppet::unknown_resource_type",
            "confer",
            "Unknown resource type: 'cron' (Puppet's packages ship it in the module cron_core, which is not on the module path)",
        ),
        (
            (10, 42, 10, 45),
            E,
            "puppet::type_mismatch",
            "confer",
            "Webapp::Vhost[c]: expects a value for parameter 'port'",
        ),
    ])
    s.close(doc)


async def test_literal_values_a_parameter_type_rejects(s):
    text = (
        "class { 'webapp': server_name => 'a', workers => '4' }\n"
        "webapp::vhost { 'v': port => 0, docroot => ['/d'] }\n"
        "webapp::vhost { 'w': port => $p, docroot => undef }\n"
    )
    doc = s.open(ROOT / "manifests/values.pp", text)
    check([diag(d) for d in await s.diagnostics_for(doc, 1)], [
        ((0, 49, 0, 52), E, "puppet::type_mismatch", "confer",
         "Class[Webapp]: parameter 'workers' expects an Integer value, got String"),
        ((1, 29, 1, 30), E, "puppet::type_mismatch", "confer",
         "Webapp::Vhost[v]: parameter 'port' expects an Integer[1, 65535] value, got Integer[0, 0]"),
        ((1, 43, 1, 49), E, "puppet::type_mismatch", "confer",
         "Webapp::Vhost[v]: parameter 'docroot' expects a String value, got Array"),
    ])
    s.close(doc)


async def test_undefined_variables(s):
    text = (
        "class undefined($p) {\n"
        "  $a = $p\n"
        "  notice($a, $osfamily, $facts, $nowhere, $webapp::params::port, $webapp::params::nothing)\n"
        "}\n"
    )
    doc = s.open(ROOT / "manifests/undefined.pp", text)
    check([diag(d) for d in await s.diagnostics_for(doc, 1)], [
        ((2, 32, 2, 40), W, "puppet::undefined_variable", "confer", "Unknown variable: 'nowhere'."),
        ((2, 65, 2, 89), W, "puppet::undefined_variable", "confer", "Unknown variable: 'webapp::params::nothing'."),
    ])
    s.close(doc)


async def test_deprecated_functions_are_struck_through(s):
    text = "class old(String $s) {\n  if is_string($s) { notice(try_get_value({}, 'a')) }\n}\n"
    doc = s.open(ROOT / "manifests/old.pp", text)
    found = await s.diagnostics_for(doc, 1)
    check([(diag(d), list(d.tags)) for d in found], [
        (
            ((1, 5, 1, 14), W, "puppet::deprecated", "confer",
             "This method is deprecated, please use match expressions with Stdlib::Compat::String instead. "
             "They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
            [t.DiagnosticTag.Deprecated],
        ),
        (
            ((1, 28, 1, 41), W, "puppet::deprecated", "confer",
             "try_get_value() DEPRECATED: this function is deprecated, please use dig() instead."),
            [t.DiagnosticTag.Deprecated],
        ),
    ])
    s.close(doc)


async def test_workspace_files_are_clean(s):
    for path in [ROOT / "modules/webapp/manifests/init.pp", FLEET / "site-modules/profile/manifests/base.pp"]:
        doc = s.open(path)
        check([diag(d) for d in await s.diagnostics_for(doc, 1)], [])


async def test_files_changed_on_disk_are_read_again(s):
    [watch] = s.registrations
    check((watch.method, [w["globPattern"] for w in watch.register_options["watchers"]]),
          ("workspace/didChangeWatchedFiles", ["**/*.pp", "**/*.rb"]))
    extra = ROOT / "modules/webapp/manifests/extra.pp"
    doc = s.open(ROOT / "manifests/watch.pp", "include webapp::extra\n")
    check([d.code for d in await s.diagnostics_for(doc, 1)], ["puppet::unknown_class"])

    async def report(kind):
        s.diagnostics.pop(doc, None)
        change = t.FileEvent(uri=uri(extra), type=kind)
        s.client.workspace_did_change_watched_files(t.DidChangeWatchedFilesParams(changes=[change]))
        return [d.code for d in await s.diagnostics_for(doc, 1)]

    try:
        extra.write_text("class webapp::extra {}\n")
        check(await report(t.FileChangeType.Created), [])
    finally:
        extra.unlink()
    check(await report(t.FileChangeType.Deleted), ["puppet::unknown_class"])


# ---------------------------------------------------------------- hover

INIT = ROOT / "modules/webapp/manifests/init.pp"


async def test_hover_class_from_its_declaration(s):
    doc = s.open(ROOT / "manifests/site.pp")
    hover = await s.hover(doc, 2, 12)
    check(rng(hover.range), (2, 11, 2, 17))
    assert hover.contents.kind == t.MarkupKind.Markdown
    check(hover.contents.value, (
        "```puppet\nclass webapp (\n  Webapp::Name $server_name,\n  Integer[1] $workers = 2,\n)\n```\n\n"
        "A small web application behind nginx.\n\nInstalls the package and serves it on one virtual host.\n\n"
        "- `$server_name`: The host name the application answers to.\n"
        "- `$workers`: How many workers to start.\n\n"
        "*webapp/manifests/init.pp*"
    ))


async def test_hover_functions_types_and_variables(s):
    doc = s.open(INIT)
    expected = {
        (11, 25): "```puppet\nfunction webapp::greeting (\n  String $who,\n) >> String\n```\n\n"
        "A greeting for a host.\n\n*webapp/functions/greeting.pp*",
        (12, 23): "```puppet\nwebapp::upcase_all(Array[String] $values) >> Array[String]\n```\n\n"
        "Upper-cases every string of an array.\n\n*webapp/lib/puppet/functions/webapp/upcase_all.rb*",
        (13, 14): "```puppet\nwebapp_legacy(…) — 3.x rvalue function, 1 argument\n```\n\n"
        "*webapp/lib/puppet/parser/functions/webapp_legacy.rb*",
        (23, 4): "```puppet\nnotice(Any values*)\n```\n\nPuppet's built-in function",
        (18, 24): "```puppet\n$webapp::params::port = 8080\n```\n\n"
        "Type `Integer` (what `type($webapp::params::port, 'generalized')` gives), value `8080`\n\n"
        "*webapp/manifests/params.pp*",
        (23, 10): "```puppet\n$shout = webapp::upcase_all([$greeting])\n```",
        (8, 5): "```puppet\ntype Webapp::Name = Pattern[/\\A[a-z0-9.-]+\\z/]\n```\n\n"
        "A host name in lower case.\n\n*webapp/types/name.pp*",
        (18, 6): "```puppet\nInteger[1, 65535] $port\n```\n\nThe port it listens on.\n\nParameter of `webapp::vhost`",
        (20, 4): "```puppet\ntype webapp_config\n```\n\nOne setting of the application's configuration file.\n\n"
        "Attributes: `ensure`, `name`, `value`\n\n*webapp/lib/puppet/type/webapp_config.rb*",
        (9, 4): "```puppet\nInteger\n```\n\nPuppet's data type.",
        (21, 5): "```puppet\nwebapp_config::value\n```\n\nAttribute of the resource type `webapp_config`",
        (13, 28): "```puppet\nInteger[1] $workers = 2\n```\n\nHow many workers to start.\n\nParameter of `webapp`",
    }
    got = {}
    for (line, character) in expected:
        hover = await s.hover(doc, line, character)
        got[(line, character)] = hover and hover.contents.value
    for key, value in expected.items():
        check((key, got[key]), (key, value))


async def test_hover_constants_with_their_value_and_type(s):
    text = "$n = 2 * 3\n$l = [1, 2] + [$n]\n$s = \"v${1 + 1}\"\n$h = { 'a' => [1.5] }\nnotice($n, $l, $s, $h)\n"
    doc = s.open(ROOT / "manifests/constants.pp", text)
    expected = {
        (4, 8): "```puppet\n$n = 2 * 3\n```\n\nType `Integer` (what `type($n, 'generalized')` gives), value `6`",
        # Naming a variable, the value depends on the compile: no type.
        (4, 12): "```puppet\n$l = [1, 2] + [$n]\n```",
        (4, 16): "```puppet\n$s = \"v${1 + 1}\"\n```\n\nType `String` (what `type($s, 'generalized')` gives), value `'v2'`",
        (4, 20): "```puppet\n$h = { 'a' => [1.5] }\n```\n\n"
        "Type `Hash[String, Array[Float]]` (what `type($h, 'generalized')` gives), value `{'a' => [1.5]}`",
    }
    for (line, character), value in expected.items():
        hover = await s.hover(doc, line, character)
        check(((line, character), hover.contents.value), ((line, character), value))
    s.close(doc)


async def test_hover_builtin_resource_type_and_attribute(s):
    doc = s.open(INIT)
    hover = await s.hover(doc, 14, 3)
    assert hover.contents.value.startswith("```puppet\ntype package\n```\n\nPuppet's resource type. Attributes: ")
    assert "`ensure`" in hover.contents.value
    hover = await s.hover(doc, 15, 5)
    assert hover.contents.value.startswith("```puppet\npackage::ensure\n```")


async def test_hover_facts_from_the_facts_file(s):
    doc = s.open(ROOT / "manifests/facts.pp", "$f = $facts['os']['family']\n")
    hover = await s.hover(doc, 0, 20)
    check(rng(hover.range), (0, 19, 0, 25))
    check(hover.contents.value,
          "```puppet\n$facts['os']['family'] = 'RedHat'\n```\n\nFrom the facts file of the workspace's settings.")
    hover = await s.hover(doc, 0, 13)
    assert hover.contents.value.startswith("```puppet\n$facts['os'] = {"), hover.contents.value


# ---------------------------------------------------------------- definition


async def test_definitions_across_the_module_path(s):
    doc = s.open(INIT)
    cases = {
        (11, 25): [("repo:modules/webapp/functions/greeting.pp", (1, 9, 1, 25))],
        (12, 23): [("repo:modules/webapp/lib/puppet/functions/webapp/upcase_all.rb", (1, 18, 1, 59))],
        (13, 14): [("repo:modules/webapp/lib/puppet/parser/functions/webapp_legacy.rb", (1, 2, 1, 99))],
        (14, 30): [("repo:modules/webapp/manifests/params.pp", (2, 2, 2, 10))],
        (18, 30): [("repo:modules/webapp/manifests/params.pp", (3, 2, 3, 7))],
        (18, 5): [("repo:modules/webapp/manifests/vhost.pp", (4, 20, 4, 25))],
        (8, 5): [("repo:modules/webapp/types/name.pp", (1, 5, 1, 17))],
        (10, 22): [("repo:modules/webapp/manifests/params.pp", (1, 6, 1, 20))],
        (17, 5): [("repo:modules/webapp/manifests/vhost.pp", (3, 7, 3, 20))],
        (23, 10): [("repo:modules/webapp/manifests/init.pp", (12, 2, 12, 8))],
    }
    for (line, character), expected in cases.items():
        got = await s.definition(doc, line, character)
        check(((line, character), got), ((line, character), expected))
    site = s.open(ROOT / "manifests/site.pp")
    assert await s.definition(site, 1, 12) == [("fleet:site-modules/role/manifests/web.pp", (1, 6, 1, 15))]
    vhost = s.open(ROOT / "modules/webapp/manifests/vhost.pp")
    assert await s.definition(vhost, 8, 5) == [("fleet:modules/nginx/manifests/site.pp", (1, 7, 1, 18))]


async def test_definitions_of_contain_class_and_resource_references(s):
    text = "contain webapp::params\nnotice(Class['webapp'])\nWebapp::Vhost['x'] -> Nginx::Site['y']\n"
    doc = s.open(ROOT / "manifests/references.pp", text)
    check(await s.definition(doc, 0, 10), [("repo:modules/webapp/manifests/params.pp", (1, 6, 1, 20))])
    check(await s.definition(doc, 1, 15), [("repo:modules/webapp/manifests/init.pp", (7, 6, 7, 12))])
    check(await s.definition(doc, 2, 3), [("repo:modules/webapp/manifests/vhost.pp", (3, 7, 3, 20))])
    check(await s.definition(doc, 2, 26), [("fleet:modules/nginx/manifests/site.pp", (1, 7, 1, 18))])
    check(await s.references(doc, 2, 3, declaration=False), [
        ("repo:manifests/references.pp", (2, 0, 2, 13)),
        ("repo:modules/webapp/manifests/init.pp", (17, 2, 17, 15)),
    ])
    s.close(doc)


async def test_references_to_classes_and_defined_types(s):
    site = s.open(ROOT / "manifests/site.pp")
    check(await s.references(site, 1, 12), [
        ("fleet:site-modules/role/manifests/web.pp", (1, 6, 1, 15)),
        ("repo:manifests/site.pp", (1, 10, 1, 19)),
    ])
    base = s.open(FLEET / "site-modules/profile/manifests/base.pp")
    check(await s.references(base, 10, 11, declaration=False), [
        ("fleet:site-modules/profile/manifests/base.pp", (10, 10, 10, 13)),
    ])
    vhost = s.open(ROOT / "modules/webapp/manifests/vhost.pp")
    check(await s.references(vhost, 8, 5), [
        ("fleet:modules/nginx/manifests/site.pp", (1, 7, 1, 18)),
        ("fleet:site-modules/profile/manifests/web.pp", (6, 4, 6, 15)),
        ("repo:modules/webapp/manifests/vhost.pp", (8, 2, 8, 13)),
    ])


# ---------------------------------------------------------------- hiera


async def test_hiera_keys_go_to_the_data_of_the_node(s):
    text = (
        "$w = lookup('webapp::workers')\n"
        "$b = hiera('webapp::banner')\n"
        "$n = lookup('webapp::server_name', String)\n"
        "$x = lookup('webapp::nothing', Integer, 'first', 0)\n"
    )
    doc = s.open(ROOT / "manifests/lookups.pp", text)
    # The node's own file wins over common.yaml; the OS family's over common.
    check(await s.definition(doc, 0, 15), [("repo:data/nodes/web01.example.com.yaml", (1, 0, 1, 15))])
    check(await s.definition(doc, 1, 15), [("repo:data/os/RedHat.yaml", (1, 0, 1, 14))])
    # A key the environment lacks comes from the module's own data.
    check(await s.definition(doc, 2, 15), [("repo:modules/webapp/data/common.yaml", (1, 0, 1, 19))])
    check(await s.definition(doc, 3, 15), [])
    hover = await s.hover(doc, 0, 15)
    check(rng(hover.range), (0, 13, 0, 28))
    check(hover.contents.value, (
        "```puppet\nlookup('webapp::workers') = 8\n```\n\n"
        "From `data/nodes/web01.example.com.yaml:2`, hierarchy level \"Per-node data\" (environment), "
        "for node `web01.example.com`."
    ))
    hover = await s.hover(doc, 2, 15)
    check(hover.contents.value, (
        "```puppet\nlookup('webapp::server_name') = 'localhost'\n```\n\n"
        "From `modules/webapp/data/common.yaml:2`, hierarchy level \"Module defaults\" (module webapp), "
        "for node `web01.example.com`."
    ))
    hover = await s.hover(doc, 3, 15)
    check(hover.contents.value,
          "```puppet\nlookup('webapp::nothing')\n```\n\nNo hierarchy level has `webapp::nothing`, for node `web01.example.com`.")
    s.close(doc)


async def test_class_parameters_are_bound_from_hiera(s):
    doc = s.open(INIT)
    check(await s.definition(doc, 9, 14), [("repo:data/nodes/web01.example.com.yaml", (1, 0, 1, 15))])
    check(await s.definition(doc, 8, 17), [("repo:modules/webapp/data/common.yaml", (1, 0, 1, 19))])
    hover = await s.hover(doc, 9, 14)
    check(hover.contents.value, (
        "```puppet\nInteger[1] $workers = 2\n```\n\nHow many workers to start.\n\nParameter of `webapp`\n\n"
        "Hiera gives `webapp::workers` = `8`: from `data/nodes/web01.example.com.yaml:2`, "
        "hierarchy level \"Per-node data\" (environment), for node `web01.example.com`."
    ))


# ---------------------------------------------------------------- completion


async def test_completion_by_context(s):
    text = (
        "include \n"
        "file { '/x':\n  ensure => file,\n  \n}\n"
        "class { 'webapp':\n  \n}\n"
        "$o = $facts['os']['\n"
        "$t = Webapp::\n"
        "$u = webapp::gr\n"
        "class { 'web\n"
    )
    doc = s.open(ROOT / "manifests/completion.pp", text)
    labels, _ = await s.completion(doc, 0, 8)
    check(labels, [
        "accounts", "motd", "nginx", "ntp", "postgresql", "profile::app", "profile::base", "profile::db",
        "profile::web", "role::app", "role::base", "role::db", "role::web", "ssh", "webapp", "webapp::params",
    ])
    labels, _ = await s.completion(doc, 3, 2)
    assert labels[:3] == ["backup", "checksum", "checksum_value"] and "owner" in labels and "require" in labels
    labels, items = await s.completion(doc, 6, 2)
    check(labels[:2], ["server_name", "workers"])
    assert items[0].detail == "Webapp::Name" and items[0].kind == t.CompletionItemKind.Property
    labels, _ = await s.completion(doc, 8, 19)
    check(labels, ["architecture", "family", "hardware", "name", "release", "selinux"])
    labels, items = await s.completion(doc, 9, 13)
    assert "Webapp::Name" in labels and "Nginx::Site" in labels and "Integer" in labels
    edit = items[labels.index("Webapp::Name")].text_edit
    assert rng(edit.range) == (9, 5, 9, 13) and edit.new_text == "Webapp::Name"
    labels, _ = await s.completion(doc, 10, 15)
    assert "webapp::greeting" in labels and "webapp::upcase_all" in labels and "notice" in labels
    labels, items = await s.completion(doc, 11, 12)
    assert "webapp" in labels and "notice" not in labels, labels
    check(rng(items[labels.index("webapp::params")].text_edit.range), (11, 9, 11, 12))
    s.close(doc)


# ---------------------------------------------------------------- symbols, folding


async def test_document_symbols(s):
    doc = s.open(INIT)
    found = await s.client.text_document_document_symbol_async(t.DocumentSymbolParams(t.TextDocumentIdentifier(doc)))

    def tree(symbols):
        return [(x.name, x.kind, rng(x.selection_range), tree(x.children or [])) for x in symbols]

    K = t.SymbolKind
    assert tree(found) == [
        (
            "webapp",
            K.Class,
            (7, 6, 7, 12),
            [
                ("$server_name", K.Property, (8, 15, 8, 27), []),
                ("$workers", K.Property, (9, 13, 9, 21), []),
                ("package $webapp::params::package", K.Object, (14, 12, 14, 36), []),
                ("webapp::vhost $server_name", K.Object, (17, 18, 17, 30), []),
                ("webapp_config 'workers'", K.Object, (20, 18, 20, 27), []),
            ],
        )
    ]
    assert rng(found[0].range) == (7, 0, 24, 1)


async def test_node_symbols(s):
    doc = s.open(ROOT / "manifests/site.pp")
    found = await s.client.text_document_document_symbol_async(t.DocumentSymbolParams(t.TextDocumentIdentifier(doc)))
    [node] = found
    check((node.name, node.kind, rng(node.selection_range), rng(node.range)),
          ("node 'web01.example.com'", t.SymbolKind.Namespace, (0, 5, 0, 24), (0, 0, 5, 1)))
    check([(c.name, c.kind, rng(c.selection_range)) for c in node.children],
          [("class 'webapp'", t.SymbolKind.Object, (2, 10, 2, 18))])


async def test_workspace_symbols(s):
    found = await s.client.workspace_symbol_async(t.WorkspaceSymbolParams(query="site"))
    assert [(x.name, x.kind, short(x.location.uri), rng(x.location.range)) for x in found] == [
        ("nginx::site", t.SymbolKind.Struct, "fleet:modules/nginx/manifests/site.pp", (1, 7, 1, 18)),
    ]


async def test_folding_ranges(s):
    doc = s.open(INIT)
    found = await s.client.text_document_folding_range_async(t.FoldingRangeParams(t.TextDocumentIdentifier(doc)))
    assert [(f.start_line, f.end_line, f.kind) for f in found] == [
        (0, 6, t.FoldingRangeKind.Comment),
        (7, 23, t.FoldingRangeKind.Region),
        (14, 15, t.FoldingRangeKind.Region),
        (17, 18, t.FoldingRangeKind.Region),
        (20, 21, t.FoldingRangeKind.Region),
    ]


async def main(confer):
    session = Session(confer)
    init = await session.start()
    caps = init.capabilities
    assert caps.hover_provider and caps.definition_provider and caps.references_provider
    assert caps.completion_provider and caps.document_symbol_provider and caps.workspace_symbol_provider
    assert caps.folding_range_provider and not caps.document_formatting_provider
    assert caps.text_document_sync == t.TextDocumentSyncKind.Incremental
    return await run_tests(session, globals(), "")


async def run_tests(session, scope, where):
    """Runs every `test_*` coroutine of `scope` on the started `session`,
    each on its own (a failure is printed and the others go on), then stops
    the server; the exit status."""
    tests = [(name, f) for name, f in scope.items() if name.startswith("test_")]
    failed = []
    for name, test in tests:
        try:
            await test(session)
            print(f"ok   {name}")
        except Exception:
            failed.append(name)
            print(f"FAIL {name}")
            traceback.print_exc()
        session.close_all()
    await session.stop()
    print(f"{len(tests) - len(failed)} of {len(tests)} passed{where}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
