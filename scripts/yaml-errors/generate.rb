# Writes tests/yaml-errors/cases.yaml: malformed YAML documents, by class
# of error, each a name ("class/what") and its text as a JSON string (which
# is also a YAML double-quoted scalar, so tabs and control characters stay
# readable). Deterministic: a rerun writes the same bytes.
#
#   ruby scripts/yaml-errors/generate.rb
#
# Then record what Psych says with scripts/yaml-errors/record.rb.

require 'json'

OUT = File.expand_path('../../tests/yaml-errors/cases.yaml', __dir__)

cases = {}
add = ->(name, text) do
  raise "duplicate case #{name}" if cases.key?(name)
  cases[name] = text
end

# Places a fragment can stand: top level, a mapping value, a sequence entry,
# nested in block collections, after some lines of valid data.
PLACES = {
  'top' => ->(f) { f },
  'value' => ->(f) { "key: #{f}" },
  'entry' => ->(f) { "- #{f}" },
  'nested' => ->(f) { "a:\n  b:\n    - #{f}" },
  'late' => ->(f) { "x: 1\ny: 2\nz: #{f}" },
}.freeze

# Unclosed flow collections, at depths 1 to 3, in each place.
(1..3).each do |depth|
  PLACES.each do |place, wrap|
    add.("flow_sequence/unclosed_d#{depth}_#{place}", wrap.("#{'[' * depth}1, 2"))
    add.("flow_mapping/unclosed_d#{depth}_#{place}", wrap.("#{'{a: ' * depth}1"))
  end
end
{
  'empty' => '[',
  'quoted' => '["one"',
  'trailing_comma' => "[1,\n",
  'next_line_key' => "a: [1, 2\nb: 3",
  'inner_closed' => '[[1, 2]',
  'inner_map_closed' => '[{a: 1}',
  'map_in_seq_unclosed' => '[{a: 1]',
  'missing_comma_quoted' => '["a" "b"]',
  'missing_comma_flow' => '[[1] [2]]',
  'multi_line' => "[1,\n 2,\n 3\n",
  'after_anchor' => '[&a 1',
  'mapping_close' => '[1, 2}',
}.each { |what, text| add.("flow_sequence/#{what}", text) }
{
  'empty' => '{',
  'quoted' => '{"a": 1',
  'no_value' => '{a',
  'trailing_comma' => "{a: 1,\n",
  'missing_comma' => '{a: 1 b: 2}',
  'missing_comma_quoted' => '{"a": 1 "b": 2}',
  'inner_closed' => '{a: {b: 1}',
  'sequence_close' => '{a: 1]',
  'seq_in_map_unclosed' => '{a: [1}',
  'multi_line' => "{a: 1,\n b: 2\n",
  'next_line_key' => "x: {a: 1\ny: 2",
}.each { |what, text| add.("flow_mapping/#{what}", text) }

# Closers without openers.
{
  'bracket' => ']',
  'brace' => '}',
  'value_bracket' => 'a: ]',
  'value_brace' => 'a: }',
  'entry_bracket' => '- ]',
  'extra_bracket' => '[1]]',
  'extra_brace' => '{a: 1}}',
  'next_line' => "[1]\n]",
  'after_mapping' => "a: 1\n}",
  'comma' => "a: 1\n,",
}.each { |what, text| add.("stray_closer/#{what}", text) }

# Indentation that closes or opens nothing it can.
{
  'key_less_indented' => "a:\n  b: 1\n c: 2",
  'key_more_indented' => "a: 1\n  b: 2",
  'entry_more_indented' => "- a\n  - b",
  'entry_less_indented' => "a:\n  - 1\n - 2",
  'deep_back' => "key:\n    a: 1\n  b: 2",
  'first_indented' => " a: 1\nb: 2",
  'seq_then_deeper_key' => "- a\n   b: 1",
  'value_under_entry' => "- a: 1\n   b: 2",
  'scalar_then_key' => "a: b\n  c: d",
  'three_levels' => "a:\n  b:\n    c: 1\n   d: 2",
}.each { |what, text| add.("indentation/#{what}", text) }

# `:` where a mapping value cannot start.
{
  'two_on_a_line' => 'a: b: c',
  'in_entry' => '- a: b: c',
  'after_quoted' => "a: 'b': c",
  'after_double' => 'a: "b": c',
  'spaced_key' => 'foo bar: baz: qux',
  'continued_scalar' => "a:\n  b\n  c: d",
  'multi_line_plain_key' => "a\nb: 1",
  'nested' => "a:\n  b: c: d",
  'late' => "x: 1\ny: 2\nz: a: b",
  'after_flow' => 'a: [1]: 2',
  'entry_after_key' => 'a: - b',
}.each { |what, text| add.("mapping_value/#{what}", text) }

# Keys that never find their `:`.
{
  'bare_last_line' => "a: 1\nb",
  'bare_middle' => "a: 1\nb\nc: 2",
  'quoted_key_next_line' => "a: 1\n\"b\"\nc: 2",
  'nested_bare' => "a:\n  b: 1\n  c\n  d: 2",
  'long_key' => "#{'k' * 1030}: 1",
  'multi_line_quoted_key' => "\"a\nb\": 1",
  'multi_line_flow_key' => "[a,\nb]: 1",
  'block_scalar_then_bare' => "a: |\n  b\nc",
}.each { |what, text| add.("simple_key/#{what}", text) }

# Block sequences and mappings mixed at one level.
{
  'mapping_then_entry' => "a: 1\n- b",
  'entry_then_key' => "- a\nb: 1",
  'nested_entry_then_key' => "a:\n  - 1\n  b: 2",
  'entry_then_key_deeper' => "- a\n  b: 1",
  'mapping_then_indented_entry' => "a: 1\n - b",
  'entry_after_scalar_value' => "a: b\n- c",
  'entry_in_flow' => '[- a]',
  'entry_in_flow_map' => '{a: - b}',
  'entry_same_line' => '- - a: 1 - b',
}.each { |what, text| add.("block_mix/#{what}", text) }

# Quoted scalars that do not end.
{
  'double' => '"abc',
  'single' => "'abc",
  'double_value' => 'a: "abc',
  'single_value' => "a: 'abc\nb: 1",
  'double_entry' => '- "abc',
  'double_in_flow' => '["abc]',
  'single_in_flow_map' => "{a: 'b}",
  'double_document_start' => "a: \"abc\n---\n\"",
  'single_document_end' => "a: 'abc\n...\n'",
  'double_multi_line' => "a: \"line one\n  line two\n",
  'single_late' => "x: 1\ny: 2\nz: 'abc",
  'double_escaped_quote' => '"abc\\"',
}.each { |what, text| add.("quoted/#{what}", text) }

# Content after a quoted scalar.
{
  'double_then_word' => 'a: "b" c',
  'single_then_single' => "'a' 'b'",
  'double_then_double' => '"a" "b"',
  'quoted_key_then_word' => '"a" b: c',
}.each { |what, text| add.("after_quoted/#{what}", text) }

# Escapes in double-quoted scalars.
{
  'unknown_q' => '"\\q"',
  'unknown_c' => 'a: "\\c"',
  'short_x' => '"\\x4"',
  'bad_x' => '"\\xZZ"',
  'short_u' => '"\\u12"',
  'bad_u' => 'a: "\\u12G4"',
  'short_big_u' => '"\\U0001F60"',
  'surrogate' => '"\\uD800"',
  'too_big' => '"\\UFFFFFFFF"',
  'in_flow' => '["ok", "\\y"]',
  'second_line' => "a: 1\nb: \"x\\k\"",
}.each { |what, text| add.("escape/#{what}", text) }

# Tabs where YAML wants spaces.
{
  'indent_key' => "a:\n\tb: 1",
  'first_column' => "\ta: 1",
  'tab_then_space' => "\t a: 1",
  'entry' => "-\t- x\n\t- y",
  'block_scalar' => "a: |\n\tb",
  'folded' => "a: >\n  x\n\ty",
  'in_sequence' => "- a\n\t- b",
  'late' => "x: 1\ny:\n\tz: 2",
}.each { |what, text| add.("tab/#{what}", text) }

# Tags: undefined handles, bad verbatim tags, bad URIs.
{
  'undefined_handle' => '!e!tag a',
  'undefined_handle_value' => 'a: !foo!bar x',
  'undefined_handle_entry' => "- 1\n- !x!y 2",
  'unclosed_verbatim' => '!<tag:yaml.org,2002:str x',
  'empty_verbatim' => '!<> x',
  'bad_escape' => '!%zz x',
  'no_space' => '!foo,bar x',
  'bare_bang_handle' => '!a! x',
  'flow_undefined' => '[!z!q 1]',
}.each { |what, text| add.("tag/#{what}", text) }

# Anchors and aliases with no name, or two anchors on one node.
{
  'empty_anchor' => '&',
  'empty_anchor_value' => 'a: & 1',
  'empty_alias' => 'a: *',
  'empty_alias_flow' => '[*, 1]',
  'two_anchors' => 'a: &x &y 1',
  'anchor_then_alias' => 'a: &x *y',
  'anchor_bad_char' => '&[a] 1',
}.each { |what, text| add.("anchor/#{what}", text) }

# Document markers where a node or the end of the stream is wanted.
{
  'content_after_end' => "a: 1\n... b",
  'end_then_key_no_start' => "%YAML 1.1\n--- a\n...\nb: 1\n---\n[",
  'start_in_flow' => "[1,\n---\n]",
  'end_in_flow' => "{a: 1,\n...\n}",
  'start_in_block_value' => "a:\n---\n[",
  'directive_without_start' => "%YAML 1.1\na: 1",
  'end_in_quoted' => "\"a\n...\"",
}.each { |what, text| add.("document/#{what}", text) }

# Directives.
{
  'duplicate_yaml' => "%YAML 1.1\n%YAML 1.1\n--- a",
  'incompatible_yaml' => "%YAML 2.0\n--- a",
  'unknown' => "%FOO bar\n--- a",
  'no_name' => "%\n--- a",
  'name_bad_char' => "%YA!ML 1.1\n--- a",
  'yaml_no_version' => "%YAML\n--- a",
  'yaml_no_dot' => "%YAML 1\n--- a",
  'yaml_bad_minor' => "%YAML 1.x\n--- a",
  'yaml_long' => "%YAML 1.1234567890\n--- a",
  'yaml_trailing' => "%YAML 1.1 x\n--- a",
  'tag_duplicate' => "%TAG !a! tag:x,2000:\n%TAG !a! tag:y,2000:\n--- x",
  'tag_no_prefix' => "%TAG !a!\n--- x",
  'tag_bad_handle' => "%TAG a b\n--- x",
  'tag_unclosed_handle' => "%TAG !a tag:x\n--- x",
  'in_document' => "a: 1\n%YAML 1.1\n--- b",
}.each { |what, text| add.("directive/#{what}", text) }

# Block scalars with bad headers or indentation.
{
  'indicator_zero' => "a: |0\n x",
  'header_junk' => "a: |x\n  y",
  'chomp_junk' => "a: >-x\n  y",
  'both_zero' => "a: |-0\n  y",
}.each { |what, text| add.("block_scalar/#{what}", text) }

# Characters that start no token, and control characters.
{
  'at_sign' => '@a',
  'backquote' => 'a: `b`',
  'at_in_flow' => '[@a]',
  'control' => "a: b\u0001c",
  'control_late' => "x: 1\ny: \u0007",
  'bom_inside' => "a: 1\n\uFEFFb: 2",
}.each { |what, text| add.("character/#{what}", text) }

# Flow-context indicators in the wrong place.
{
  'question_in_value' => 'a: ? b',
  'key_indicator_in_entry' => '- ? a ? b',
  'colon_in_flow_seq' => '[a: b: c]',
  'bad_empty_key_flow_map' => '{: a: b}',
  'flow_key_missing_comma' => '{a b: c d}',
}.each { |what, text| add.("flow_indicator/#{what}", text) }

# The same faults among comments, CRLF line ends, non-ASCII text (libyaml
# counts columns in characters), anchors and tags, and longer documents.
{
  'comment_before_flow' => "# c\na: [1, 2",
  'comment_after_value' => "a: 1 # c\nb",
  'comment_between' => "a:\n  # c\n  b: 1\n c: 2",
  'crlf_flow' => "a: [1, 2\r\n",
  'crlf_simple_key' => "a: 1\r\nb\r\nc: 2",
  'crlf_quoted' => "a: \"abc\r\n",
  'unicode_key_flow' => "\u043a\u043b\u044e\u0447: [1, 2",
  'unicode_quoted' => "a: '\u00e9\nb: 1",
  'unicode_mapping_value' => "\u65e5\u672c: a: b",
  'anchor_before_closer' => 'a: &x ]',
  'tag_before_closer' => 'a: !!str ]',
  'anchor_in_flow_closer' => '[&x }',
  'flow_nested_mixed' => '[a, {b: [c, d}]',
  'flow_map_in_map' => '{a: [b, c}, d: e}',
  'flow_multi_line_seq' => "[\n  1,\n  2\n",
  'flow_multi_line_map' => "key: {\n  a: 1,\n  b: 2\n",
  'seq_entry_then_key' => "items:\n  - a\n  - b\n    c: d",
  'block_scalar_then_less' => "a: |\n  x\n b: 1",
  'deep_block' => "a:\n  b:\n    c:\n      d: 1\n     e: 2",
  'long_document' => "#{(1..40).map { |i| "k#{i}: v#{i}" }.join("\n")}\nbad: [1",
}.each { |what, text| add.("mixed/#{what}", text) }

File.open(OUT, 'w') do |f|
  f.puts '# Malformed YAML documents, by class of error, written by'
  f.puts '# scripts/yaml-errors/generate.rb; each value is the document as a'
  f.puts '# JSON string. Psych\'s message for each: expected.tsv (record.rb).'
  cases.each { |name, text| f.puts "#{name}: #{JSON.generate(text, ascii_only: true)}" }
end
warn "#{cases.size} cases written to #{OUT}"
