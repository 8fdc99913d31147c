#!/usr/bin/env python3
"""Measures the Ruby that Puppet modules' functions use, to decide the subset
confer's Ruby interpreter implements for them (as measure-erb-ruby.py does for
ERB templates).

    scripts/measure-module-ruby.py [ROOT...]
        (default /usr/share/puppet/modules tests/ruby-functions/public)

A ROOT holds one module per directory (or is itself a module). Its function
files are lib/puppet/functions/**/*.rb (4.x API) and
lib/puppet/parser/functions/*.rb (3.x API). Each file is read by Ruby's own
parser (Ripper, through /usr/bin/ruby) rather than by regular expressions, so
comments, string contents and heredoc bodies never count as code, while the
code interpolated into strings (#{...}) does.

Prints, per kind, how often each construct is used and in how many files
(with the uses under each ROOT when there are several):
  method      `.name` calls on any receiver (`x.y = 1` counts as `.y=`)
  receiver    the same calls when the receiver is a constant (`File.join`)
  bare call   calls without a receiver: `raise`, `format`, `Integer(`
  puppet api  the function DSL: dispatch, param kinds, return_type,
              local_types, argument_mismatch, call_function, function_*
              (3.x calls), newfunction options, create_function's base
  function    which Puppet functions the Ruby calls (call_function, function_x)
  constant    constants read (full path: `Puppet::ParseError`)
  require     require / require_relative targets
  keyword     Ruby keywords as the lexer sees them, and `->`
  construct   shapes from the syntax tree: modifier if, ternary, blocks,
              parameter kinds, multiple assignment, ranges, safe navigation...
  literal     literal forms: quotes, %-literals, heredocs, regexps, symbols,
              labels, interpolation, `String % args` formats
  operator    binary and unary operators (from the tree, so block |x| and
              splat * do not count)
  variable    instance/class variables, globals and regexp back-references
then the function files per module, the files Ruby could not parse, and every
use of a construct that reaches outside a compiler (processes, files, sockets,
reflection, the environment) with file:line.
"""

import collections
import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_ROOTS = ["/usr/share/puppet/modules", os.path.relpath(os.path.join(REPO, "tests/ruby-functions/public"))]

# The Ruby side: reads one path a line on stdin, prints one JSON line a file:
# {"path", "parsed", "events": [[kind, name, line], ...]}.
RUBY = r'''
require "ripper"
require "json"

API = %w[dispatch param required_param optional_param repeated_param optional_repeated_param
         required_repeated_param block_param required_block_param optional_block_param
         return_type local_types type argument_mismatch scope_param cache_param loader_param
         script_compiler_param pal_scope_param pal_script_compiler_param
         create_function create_loaded_function newfunction call_function closure_scope
         lookupvar function_exists?].freeze
DANGER_BARE = %w[system exec spawn fork open eval instance_eval class_eval module_eval
                 instance_exec class_exec send __send__ public_send load binding exit exit!
                 abort at_exit trap syscall sleep instance_variable_get instance_variable_set
                 const_get define_method remove_const].freeze
DANGER_METHODS = %w[send __send__ public_send eval instance_eval class_eval module_eval
                    instance_exec class_exec instance_variable_get instance_variable_set
                    const_get const_set define_method remove_const].freeze
# Constants any use of which reaches outside the compiler.
# Clients (Redis, PuppetDB, Augeas) count: they open connections or files.
DANGER_CONSTS = %w[IO Dir Socket TCPSocket UDPSocket UNIXSocket BasicSocket ObjectSpace
                   Open3 Process FileUtils Tempfile Net::HTTP Etc ENV STDIN STDOUT STDERR
                   Puppet::Util::Execution Puppet::FileSystem Puppet::Network Facter Resolv
                   OpenURI Redis PuppetDB Augeas].freeze
# File's methods that only compute paths; every other File method touches the disk.
FILE_PATH_ONLY = %w[join basename dirname extname split expand_path absolute_path fnmatch
                    fnmatch?].freeze

class Measure
  attr_reader :events

  def initialize
    @events = []
    @args = {}
  end

  def emit(kind, name, line)
    @events << [kind, name, line]
  end

  def line_of(node)
    return nil unless node.is_a?(Array)
    return node[2][0] if node[0].is_a?(Symbol) && node[0].to_s.start_with?("@") && node[2].is_a?(Array)
    node.each do |c|
      l = line_of(c)
      return l if l
    end
    nil
  end

  def const_name(n)
    return nil unless n.is_a?(Array)
    case n[0]
    when :var_ref, :var_field then n[1][0] == :@const ? n[1][1] : nil
    when :const_path_ref, :const_path_field
      left = const_name(n[1])
      left ? "#{left}::#{n[2][1]}" : nil
    when :top_const_ref, :top_const_field then "::#{n[1][1]}"
    end
  end

  def arg_list(args)
    return [] unless args.is_a?(Array)
    args = args[1] if args[0] == :arg_paren
    return [] unless args.is_a?(Array)
    args = args[1] if args[0] == :args_add_block
    return [] unless args.is_a?(Array)
    args = args[1] if args[0] == :args_add_star
    args.is_a?(Array) && !args[0].is_a?(Symbol) ? args : []
  end

  def block_arg(args)
    args = args[1] if args.is_a?(Array) && args[0] == :arg_paren
    args.is_a?(Array) && args[0] == :args_add_block ? args[2] : nil
  end

  def strings(n, out = [])
    return out unless n.is_a?(Array)
    return out << n[1] if n[0] == :@tstring_content
    n.each { |c| strings(c, out) }
    out
  end

  def embexpr?(n)
    n.is_a?(Array) && (n[0] == :string_embexpr || n.any? { |c| embexpr?(c) })
  end

  # The text of a literal string or symbol argument, nil for anything computed.
  def literal(n)
    return nil unless n.is_a?(Array)
    case n[0]
    when :string_literal, :dyna_symbol then embexpr?(n) ? nil : strings(n).join
    when :symbol_literal then n[1][0] == :symbol ? n[1][1][1] : n[1][1]
    when :unary then (v = literal(n[2])) && "-#{v}"
    when :@int, :@label then n[1]
    when :var_ref then n[1][0] == :@kw ? n[1][1] : const_name(n)
    when :const_path_ref, :top_const_ref then const_name(n)
    end
  end

  def call(recv, name, line, args)
    receiver = recv && const_name(recv)
    if recv.nil? && name.start_with?("function_")
      emit("puppet api", "function_* (3.x call)", line)
      emit("function", name.sub("function_", ""), line)
    elsif API.include?(name)
      emit("puppet api", recv ? ".#{name}" : name, line)
    elsif recv
      emit("method", ".#{name}", line)
    else
      emit("bare call", name.match?(/\A[A-Z]/) ? "#{name}(" : name, line)
    end
    emit("receiver", "#{receiver}.#{name}", line) if receiver
    list = arg_list(args)
    case name
    when "require", "require_relative", "load"
      return unless recv.nil?
      target = literal(list[0])
      target ||= "(computed) #{strings(list[0]).join('/')}"
      emit("require", name == "require" ? target : "#{name} #{target}", line)
    when "call_function"
      emit("function", literal(list[0]) || "(computed)", line)
    when "newfunction"
      list.each do |a|
        next unless a.is_a?(Array) && a[0] == :bare_assoc_hash
        a[1].each do |assoc|
          next unless assoc[0] == :assoc_new
          key = literal(assoc[1]).to_s.chomp(":")
          value = key == "doc" ? nil : literal(assoc[2])
          emit("puppet api", "newfunction #{key}:#{value ? " #{value}" : ""}", line)
        end
      end
    when "create_function"
      base = list[1] && const_name(list[1])
      emit("puppet api", "create_function(..., #{base})", line) if base
    end
    danger(receiver, recv, name, line)
    b = block_arg(args)
    emit("construct", b[0] == :symbol_literal ? "&:sym block argument" : "&block argument", line) if b
  end

  def danger(receiver, recv, name, line)
    hit =
      if recv.nil?
        name if DANGER_BARE.include?(name)
      elsif DANGER_METHODS.include?(name)
        ".#{name}"
      elsif receiver == "File" || receiver == "::File"
        "File.#{name}" unless FILE_PATH_ONLY.include?(name)
      elsif receiver == "Kernel" && DANGER_BARE.include?(name)
        "Kernel.#{name}"
      elsif name.end_with?("load_file", "parse_file")
        "#{receiver || "?"}.#{name}"
      elsif receiver == "URI" && name == "open"
        "URI.open"
      elsif receiver == "Puppet::Util" && %w[which execute withenv].include?(name)
        "Puppet::Util.#{name}"
      end
    emit("danger", hit, line) if hit
  end

  def params(p, line)
    return unless p.is_a?(Array) && p[0] == :params
    { 2 => "optional (x = v)", 3 => "rest (*x)", 5 => "keyword (k:)", 6 => "keyword rest (**x)",
      7 => "block (&b)" }.each do |i, what|
      v = p[i]
      next if v.nil? || v == 0 || (v.is_a?(Array) && v.empty?)
      emit("construct", "parameter #{what}", line)
    end
  end

  def walk(n)
    return unless n.is_a?(Array)
    unless n[0].is_a?(Symbol)
      n.each { |c| walk(c) }
      return
    end
    line = line_of(n)
    case n[0]
    when :method_add_arg
      @args[n[1].object_id] = n[2]
    when :call, :command_call, :field
      recv, op, meth = n[1], n[2], n[3]
      name = meth == :call ? "call" : meth[1]
      name += "=" if n[0] == :field
      opstr = op.is_a?(Array) ? op[1] : op.to_s
      emit("construct", "safe navigation &.", line) if opstr == "&."
      emit("construct", "method call with ::", line) if opstr == "::"
      call(recv, name, meth.is_a?(Array) ? meth[2][0] : line,
           n[0] == :command_call ? n[4] : @args[n.object_id])
    when :fcall, :vcall
      call(nil, n[1][1], n[1][2][0], @args[n.object_id])
    when :command
      call(nil, n[1][1], n[1][2][0], n[2])
    when :var_ref, :const_path_ref, :top_const_ref
      name = const_name(n)
      if name
        emit("constant", name, line)
        root = DANGER_CONSTS.find { |c| name == c || name.start_with?("#{c}::") || name == "::#{c}" }
        emit("danger", name, line) if root
        return
      end
    when :var_field, :const_path_field, :top_const_field
      name = const_name(n)
      emit("construct", "constant assignment X =", line) if name
    when :defs then emit("construct", "def self.name", line)
    when :sclass then emit("construct", "class << self", line)
    when :class then emit("construct", "class Name < Super", line) if n[2]
    when :if_mod then emit("construct", "modifier if", line)
    when :unless_mod then emit("construct", "modifier unless", line)
    when :while_mod then emit("construct", "modifier while", line)
    when :until_mod then emit("construct", "modifier until", line)
    when :rescue_mod then emit("construct", "modifier rescue", line)
    when :ifop then emit("construct", "ternary ?:", line)
    when :massign then emit("construct", "multiple assignment a, b =", line)
    when :opassign then emit("construct", "op-assign #{n[2][1]}", line)
    when :brace_block then emit("construct", "block { |x| }", line)
    when :do_block then emit("construct", "block do |x| end", line)
    when :block_var
      emit("construct", "block parameters |x|", line)
      params(n[1], line)
    when :def
      params(n[2][0] == :paren ? n[2][1] : n[2], line)
    when :lambda
      params(n[1][0] == :paren ? n[1][1] : n[1], line)
    when :args_add_star then emit("construct", "splat argument *x", line)
    when :assoc_splat then emit("construct", "double splat argument **h", line)
    when :dot2 then emit("construct", "range a..b", line)
    when :dot3 then emit("construct", "range a...b", line)
    when :aref then emit("construct", "index x[i]", line)
    when :aref_field then emit("construct", "index assignment x[i] =", line)
    when :hash then emit("construct", "hash literal {}", line)
    when :array then emit("construct", "array literal []", line) unless n[1].is_a?(Array) && %i[words qwords symbols qsymbols].include?(n[1][0])
    when :string_concat then emit("construct", "adjacent string literals", line)
    when :case then emit("construct", "case/in pattern match", line) if n[2].is_a?(Array) && n[2][0] == :in
    when :rescue then emit("construct", "rescue => e", line) if n[2]
    when :unary
      emit("operator", { :-@ => "-x (negation)", :+@ => "+x", :~ => "~x" }.fetch(n[1], n[1].to_s), line)
    when :assoc_new
      emit("literal", "hash rocket =>", line) unless n[1].is_a?(Array) && %i[@label dyna_symbol].include?(n[1][0])
    when :binary
      emit("operator", n[2].to_s, line)
      emit("literal", "String % args (format)", line) if n[2] == :% && n[1].is_a?(Array) && %i[string_literal string_concat].include?(n[1][0])
    end
    n[1..].each { |c| walk(c) }
  end

  SKIP_PREV = %i[on_sp on_nl on_ignored_nl on_comment on_embdoc_beg on_embdoc on_embdoc_end].freeze
  QUOTES = { "'" => "'single-quoted'", '"' => '"double-quoted"' }.freeze

  def lex(src)
    prev = nil
    Ripper.lex(src).each do |(line, _), event, tok|
      case event
      when :on_kw
        after_dot = prev && (%i[on_period on_symbeg].include?(prev[0]) ||
                             (prev[0] == :on_op && %w[&. ::].include?(prev[1])) ||
                             (prev[0] == :on_kw && prev[1] == "def"))
        emit("keyword", tok, line) unless after_dot
      when :on_tlambda then emit("keyword", "->", line)
      when :on_tstring_beg
        emit("literal", QUOTES[tok] || (tok =~ /\A%[qQ]/ ? "#{tok[0, 2]}() string" : "%() string"), line)
      when :on_heredoc_beg
        kind = tok.start_with?("<<~") ? "<<~ heredoc" : tok.start_with?("<<-") ? "<<- heredoc" : "<< heredoc"
        emit("literal", tok.include?("'") ? "#{kind} 'raw'" : kind, line)
      when :on_regexp_beg then emit("literal", tok == "/" ? "/regexp/" : "%r{} regexp", line)
      when :on_regexp_end
        tok.sub(/\A./, "").each_char { |f| emit("literal", "regexp flag #{f}", line) }
      when :on_qwords_beg then emit("literal", "%w[] words", line)
      when :on_words_beg then emit("literal", "%W[] words", line)
      when :on_qsymbols_beg then emit("literal", "%i[] symbols", line)
      when :on_symbols_beg then emit("literal", "%I[] symbols", line)
      when :on_backtick
        unless prev && (prev[0] == :on_period || (prev[0] == :on_kw && prev[1] == "def"))
          name = tok == "`" ? "`backticks`" : "%x() command"
          emit("literal", name, line)
          emit("danger", name, line)
        end
      when :on_symbeg
        emit("literal", tok == ":" ? ":symbol" : tok.start_with?("%s") ? "%s() symbol" : ':"quoted symbol"', line)
      when :on_label then emit("literal", "label key:", line)
      when :on_label_end then emit("literal", '"quoted label":', line)
      when :on_embexpr_beg then emit("literal", '#{} interpolation', line)
      when :on_embvar then emit("literal", "\#@var interpolation", line)
      when :on_CHAR then emit("literal", "?c character", line)
      when :on_int
        emit("literal", "integer 0x/0b/0o/0NN", line) if tok =~ /\A0[xXbBoO0-9]/
        emit("literal", "integer with _", line) if tok.include?("_")
      when :on_float then emit("literal", "float", line)
      when :on_rational, :on_imaginary then emit("literal", event.to_s.sub("on_", ""), line)
      when :on___end__ then emit("literal", "__END__", line)
      when :on_ivar then emit("variable", "@instance_var", line)
      when :on_cvar then emit("variable", "@@class_var", line)
      when :on_gvar, :on_backref then emit("variable", tok, line)
      end
      prev = [event, tok] unless SKIP_PREV.include?(event)
    end
  end
end

STDOUT.sync = true
STDIN.each_line do |path|
  path = path.chomp
  src = File.read(path, encoding: "UTF-8").scrub
  m = Measure.new
  begin
    tree = Ripper.sexp(src, path)
    m.walk(tree) if tree
    m.lex(src)
  rescue StandardError
    tree = nil
  end
  puts JSON.generate({ "path" => path, "parsed" => !tree.nil?,
                       "events" => m.events.select { |e| e[1] } })
end
'''

DANGER = "danger"
KINDS = ["method", "receiver", "bare call", "puppet api", "function", "constant", "require", "keyword",
         "construct", "literal", "operator", "variable"]


def function_files(root):
    """Yields (module, api, path) for the function files under root."""
    if os.path.isdir(os.path.join(root, "lib")):
        modules = [(os.path.basename(os.path.abspath(root)), root)]
    else:
        modules = [(m, os.path.join(root, m)) for m in sorted(os.listdir(root))
                   if os.path.isdir(os.path.join(root, m))]
    for module, path in modules:
        four = os.path.join(path, "lib/puppet/functions")
        for d, dirs, files in os.walk(four, followlinks=True):
            dirs.sort()
            for f in sorted(files):
                if f.endswith(".rb"):
                    yield module, "4.x", os.path.join(d, f)
        three = os.path.join(path, "lib/puppet/parser/functions")
        if os.path.isdir(three):
            for f in sorted(os.listdir(three)):
                if f.endswith(".rb"):
                    yield module, "3.x", os.path.join(three, f)


def measure(paths):
    """Runs the Ripper measure over paths; yields one result dict per file."""
    proc = subprocess.run(["/usr/bin/ruby", "-e", RUBY], input="\n".join(paths) + "\n",
                          capture_output=True, text=True, check=True)
    for line in proc.stdout.splitlines():
        yield json.loads(line)


def main():
    roots = sys.argv[1:] or DEFAULT_ROOTS
    labels = ["installed" if os.path.abspath(r) == DEFAULT_ROOTS[0] else os.path.basename(os.path.normpath(r))
              for r in roots]
    files = []  # (root index, module, api, path)
    for i, root in enumerate(roots):
        files += [(i, *f) for f in function_files(root)]
    root_of = {path: i for i, _, _, path in files}

    uses = collections.Counter()
    per_root = collections.Counter()
    files_with = collections.defaultdict(set)
    dangers = collections.defaultdict(list)
    unparsed = []
    for result in measure([f[3] for f in files]):
        path, i = result["path"], root_of[result["path"]]
        if not result["parsed"]:
            unparsed.append(path)
        for kind, name, line in result["events"]:
            if kind == DANGER:
                dangers[name].append(f"{path}:{line}")
                continue
            uses[(kind, name)] += 1
            per_root[(kind, name, i)] += 1
            files_with[(kind, name)].add(path)

    many = len(roots) > 1
    header = f"  {'':52} {'uses':>6} {'files':>5}" + "".join(f" {label[:10]:>10}" for label in labels if many)

    def row(kind, name, with_kind):
        counts = "".join(f" {per_root[(kind, name, i)]:10}" for i in range(len(roots)) if many)
        label = f"{kind:10} {name}" if with_kind else name
        return f"  {label:52} {uses[(kind, name)]:6} {len(files_with[(kind, name)]):5}{counts}"

    print("Ruby in Puppet modules' function files, measured by scripts/measure-module-ruby.py")
    for i, root in enumerate(roots):
        print(f"  [{labels[i]}]", end=" ")
        n4 = sum(1 for f in files if f[0] == i and f[2] == "4.x")
        n3 = sum(1 for f in files if f[0] == i and f[2] == "3.x")
        mods = len({f[1] for f in files if f[0] == i})
        print(f"{root}: {mods} modules with functions, {n4} 4.x files, {n3} 3.x files")
    print()

    print("== all kinds, by uses (top 150)")
    print(header)
    for kind, name in sorted(uses, key=lambda k: (-uses[k], k))[:150]:
        print(row(kind, name, True))
    print()
    for kind in KINDS:
        keys = sorted((k for k in uses if k[0] == kind), key=lambda k: (-uses[k], k))
        print(f"== {kind} ({len(keys)} distinct)")
        print(header)
        for _, name in keys:
            print(row(kind, name, False))
        print()

    print("== function files per module")
    for i, root in enumerate(roots):
        print(f"-- {root}")
        per_module = collections.Counter((f[1], f[2]) for f in files if f[0] == i)
        for module in sorted({f[1] for f in files if f[0] == i}):
            print(f"  {module:24} 4.x {per_module[(module, '4.x')]:4}   3.x {per_module[(module, '3.x')]:4}")
    print()

    print(f"== files Ruby could not parse ({len(unparsed)})")
    for path in unparsed:
        print(f"  {path}")
    print()

    print("== reaching outside the compiler (processes, files, sockets, reflection, environment)")
    for name in sorted(dangers, key=lambda n: (-len(dangers[n]), n)):
        print(f"  {name} ({len(dangers[name])})")
        for where in dangers[name]:
            print(f"    {where}")


if __name__ == "__main__":
    main()
