#!/usr/bin/env ruby
# frozen_string_literal: true

# Records what real Puppet returns for calls of the Ruby functions modules
# ship, in one long-running Puppet process (a new Puppet per call would spend
# its time starting up, not calling).
#
#   ruby scripts/ruby-functions/record.rb --corpus debian \
#        [--modules DIR[:DIR]] [--only MOD,MOD] [--borrow-specs DIR] [--out DIR]
#
# Needs Debian's `puppet` package (Puppet 7.23 on the system Ruby). For every
# Ruby function of every module on the modulepath --modules (4.x:
# lib/puppet/functions/**/*.rb, 3.x: lib/puppet/parser/functions/*.rb):
#
# - the calls are those the module's rspec-puppet specs make (spec_calls.rb
#   reads them; a module without a spec for a function borrows the spec of
#   the module of the same name under --borrow-specs), and, for a function
#   with fewer than two usable spec calls, those
#   tests/ruby-functions/extra-calls.yaml names for it;
# - each call is written as Puppet code (puppet_literal.rb) and compiled as
#   the main manifest `SETUP\n$confer_result = CALL` of a catalog for a fixed
#   node with fixed facts, in an environment whose modulepath is --modules,
#   twice, Ruby's random numbers seeded differently each time (a function
#   one of whose calls answers differently is marked `varies`, without
#   values);
# - the value of $confer_result as Puppet's rich-data JSON, or the error, and
#   the warnings logged go to OUT/<module>.jsonl, one call a line, sorted by
#   function, call and setup, with the modulepath written `<modules>`.
#
# tests/ruby-functions/README.md describes a line.

require 'fileutils'
require 'json'
require 'optparse'
require 'timeout'
require 'tmpdir'
require 'yaml'

ROOT = File.expand_path('../..', __dir__)
CALL_TIMEOUT = 10
# Functions whose answer is the clock's: two runs within a second agree, a
# rerun does not.
CLOCK_FUNCTIONS = %w[time date].freeze
NODE = 'confer.example.com'
RESULT_VAR = 'confer_result'

options = { modules: '/usr/share/puppet/modules', only: nil,
            extra: File.join(ROOT, 'tests/ruby-functions/extra-calls.yaml') }
OptionParser.new do |o|
  o.on('--modules DIR[:DIR]') { |v| options[:modules] = v }
  o.on('--corpus NAME') { |v| options[:corpus] = v }
  o.on('--only LIST') { |v| options[:only] = v.split(',') }
  o.on('--borrow-specs DIR') { |v| options[:borrow] = v }
  o.on('--extra FILE') { |v| options[:extra] = v }
  o.on('--out DIR') { |v| options[:out] = v }
end.parse!
abort 'record.rb: --corpus is required' unless options[:corpus]

ROOTS = options[:modules].split(':').map { |d| File.expand_path(d) }
OUT = File.expand_path(options[:out] || File.join(ROOT, 'tests/ruby-functions/recorded', options[:corpus]))
# Specs are borrowed from the public modules, except by the public corpus itself.
BORROW = options.fetch(:borrow) do
  public_dir = File.join(ROOT, 'tests/ruby-functions/public')
  ROOTS.include?(public_dir) ? nil : public_dir
end

# stdlib's `deprecation` logs or not by this variable; unset, as on a
# server that does not set it.
ENV.delete('STDLIB_LOG_DEPRECATIONS')
Encoding.default_external = Encoding::UTF_8

require 'puppet'
require_relative 'puppet_literal'
require_relative 'spec_calls'
require_relative 'facts'

PUPPET_LIB = File.dirname(Puppet.method(:version).source_location.first)

# One Ruby function file of a module.
FunctionFile = Struct.new(:module_name, :name, :api, :file, keyword_init: true)

# One call to record: the function, the Puppet call expression, where it
# came from, and the Puppet code to run first.
Entry = Struct.new(:function, :call, :source, :setup, :spec_file, :ignored, keyword_init: true)

# The modules of the modulepath, first root first; a name seen in an earlier
# root hides the later ones, as in Puppet.
def modules
  seen = {}
  ROOTS.each do |root|
    next unless File.directory?(root)

    Dir.children(root).sort.each do |m|
      dir = File.join(root, m)
      seen[m] ||= dir if File.directory?(dir)
    end
  end
  seen
end

def function_files(module_name, dir)
  four = Dir.glob('**/*.rb', base: File.join(dir, 'lib/puppet/functions')).sort.map do |rel|
    FunctionFile.new(module_name: module_name, name: rel.delete_suffix('.rb').gsub('/', '::'), api: '4.x',
                     file: "lib/puppet/functions/#{rel}")
  end
  three = Dir.glob('*.rb', base: File.join(dir, 'lib/puppet/parser/functions')).sort.map do |rel|
    FunctionFile.new(module_name: module_name, name: rel.delete_suffix('.rb'), api: '3.x',
                     file: "lib/puppet/parser/functions/#{rel}")
  end
  four + three
end

# Writes `text` as the corpus shows it: the modulepath as `<modules>`, this
# repository as nothing, Puppet's own library as `<puppet>`.
def normalise(text)
  ROOTS.each { |r| text = text.gsub(r, '<modules>') }
  text = text.gsub(/#<([\w:]+):0x\h+/, '#<\\1')
  text.gsub("#{ROOT}/", '').gsub(PUPPET_LIB, '<puppet>').gsub(TMP, '<tmp>').gsub(TEMPFILE, '<tempfile>')
end

# A Ruby Tempfile's name (validate_cmd's, ...): random, so written `<tempfile>`.
TEMPFILE = %r{#{Regexp.escape(Dir.tmpdir)}/[\w.-]*?\d{8}-\d+-[0-9a-z]+}

# The calls the specs under `dir/spec` make, by function name, and the count
# of what could not be read, by reason.
def spec_calls(dir, skipped)
  spec_dir = File.join(dir, 'spec')
  helpers = [File.join(spec_dir, 'spec_helper_local.rb')].select { |f| File.file?(f) } +
            Dir.glob(File.join(spec_dir, 'support/**/*.rb')).sort
  Dir.glob(File.join(spec_dir, 'functions/**/*_spec.rb')).sort.each_with_object(Hash.new { |h, k| h[k] = [] }) do |f, acc|
    result = SpecCalls.load(f, helpers: helpers)
    result.failures.each { |reason, n| skipped[reason] += n }
    result.calls.each do |c|
      c.spec_file = normalise(f)
      acc[c.function] << c
    end
  end
end

# Puppet code for a spec call and the example's setup; raises Unwritable.
def spec_entry(function, call)
  raise PuppetLiteral::Unwritable, 'with_lambda (a Ruby block)' if call.lambda

  setup = call.setup.map do |s|
    raise PuppetLiteral::Unwritable, 'setup call with_lambda' if s.lambda

    # A shim's borrowed example calls the shim in its setup too.
    expression(s.function == call.function ? function : s.function, s.args)
  end
  code = [call.pre_condition, *setup].compact.reject(&:empty?)
  Entry.new(function: function, call: expression(function, call.args), source: 'spec',
            setup: code.empty? ? nil : code.join("\n"), spec_file: call.spec_file, ignored: call.ignored)
end

def expression(function, args)
  "#{function}(#{args.map { |a| PuppetLiteral.write(a) }.join(', ')})"
end

# The spec calls of `func`: those of its own spec; else those of its
# namespaced or unnamespaced twin in the module, which one of them forwards to
# (`to_json` -> `stdlib::to_json`, `stdlib::fqdn_rotate` <- `fqdn_rotate`);
# else the same from the borrowed specs.
def spec_calls_for(func, own, borrowed)
  prefix = "#{func.module_name}::"
  names = [func.name, func.name.start_with?(prefix) ? func.name.delete_prefix(prefix) : prefix + func.name]
  [own, borrowed].each do |specs|
    names.each { |n| return specs[n] unless specs[n].empty? }
  end
  []
end

# The entries extra-calls.yaml gives `func`: a list of arguments, a whole
# Puppet call expression, or {setup, call}.
def extra_entries(func, extra, skipped)
  calls = extra["#{func.module_name}/#{func.name}"] || extra[func.name] || []
  calls.filter_map do |c|
    setup = nil
    call = case c
           when Array then expression(func.name, c)
           when String then c
           when Hash then (setup = c.fetch('setup')) && c.fetch('call')
           else raise "extra-calls.yaml: #{func.name}: #{c.inspect} is no call"
           end
    Entry.new(function: func.name, call: call, source: 'extra', setup: setup, ignored: [])
  rescue PuppetLiteral::Unwritable => e
    skipped["extra argument: #{e.reason}"] += 1
    nil
  end
end

# The entries of one function: its spec calls, and the extra calls when the
# spec gives fewer than two. Returns [entries, reason when none].
def entries_for(func, own, borrowed, extra, skipped)
  spec = spec_calls_for(func, own, borrowed)
  entries = dedupe(spec.filter_map do |c|
    spec_entry(func.name, c)
  rescue PuppetLiteral::Unwritable => e
    skipped["argument: #{e.reason}"] += 1
    nil
  end)
  entries = dedupe(entries + extra_entries(func, extra, skipped)) if entries.size < 2
  reason = if !entries.empty? then nil
           elsif !spec.empty? then 'every spec call was skipped, and extra-calls.yaml names none'
           else 'no spec calls it, and extra-calls.yaml names none'
           end
  [entries, reason]
end

# One entry per (setup, call); of duplicates, the one with the least the
# recording ignored.
def dedupe(entries)
  entries.group_by { |e| [e.setup, e.call] }.map { |_, es| es.min_by { |e| e.ignored.size } }
end

def setup_puppet(tmp)
  FileUtils.mkdir_p(File.join(tmp, 'envs/production'))
  Puppet.initialize_settings(['--codedir', File.join(tmp, 'code'), '--environmentpath', File.join(tmp, 'envs'),
                              '--environment', 'production', '--confdir', tmp,
                              '--vardir', File.join(tmp, 'var'), '--logdir', File.join(tmp, 'log'),
                              '--rundir', File.join(tmp, 'run'), '--basemodulepath', ROOTS.join(':'),
                              '--log_level', 'warning', '--color', 'false', '--environment_timeout', 'unlimited'])
  Puppet.settings.preferred_run_mode = :server
  Puppet.push_context(Puppet.base_context(Puppet.settings), 'ruby functions')
  # Without a destination Puppet queues log messages for the first one: the
  # warnings of reading the specs would land in the first call's record.
  Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(Class.new(Array) { def <<(_) = self }.new))
end

# A node of the fixed facts in a new environment: each compile parses its
# own main manifest (Puppet[:code]), as `puppet apply -e` would.
def new_compiler
  env = Puppet::Node::Environment.create(:production, ROOTS)
  facts = Puppet::Node::Facts.new(NODE, RecordFacts::FACTS)
  node = Puppet::Node.new(NODE, facts: facts, environment: env)
  node.merge(facts.values.merge('clientcert' => NODE))
  Puppet::Parser::Compiler.new(node)
end

# The file Puppet loads for `name`, when it is not `func`'s own.
def resolves_to(func, dir)
  Puppet[:code] = ''
  compiler = new_compiler
  Puppet.override(compiler.context_overrides) do
    typed = Puppet::Pops::Loader::TypedName.new(:function, func.name)
    origin = compiler.loaders.private_environment_loader.load_typed(typed)&.origin
    origin = origin.to_s if origin
    if origin.nil? then 'nothing: Puppet finds no function of this name'
    elsif origin == File.join(dir, func.file) then nil
    else normalise(origin)
    end
  end
rescue StandardError, ScriptError => e
  "nothing: #{normalise(e.message)}"
end

# Puppet's console line for a log message.
def console_line(log)
  name = { err: 'Error', warning: 'Warning' }.fetch(log.level, log.level.to_s.capitalize)
  normalise("#{name}: #{log.source == 'Puppet' ? log.to_s : "#{log.source}: #{log}"}")
end

LOCATION = /\s*\((?:file: (?<file>[^,)]*), )?line: (?<line>\d+)(?:, column: (?<column>\d+))?\)\z/

# Puppet's error as data: the message without its location, which goes to
# fields of its own, and the exception it wraps.
def error_data(error)
  full = normalise(error.message.to_s.sub(/ on node #{Regexp.escape(NODE)}\z/, ''))
  data = { 'class' => error.class.name }
  m = LOCATION.match(full)
  data['message'] = m ? full[0, m.begin(0)] : full
  if m
    data['line'] = m[:line].to_i
    data['column'] = m[:column].to_i if m[:column]
  end
  data['full'] = full
  cause = error.cause
  cause = cause.cause while cause&.cause
  data['cause'] = { 'class' => cause.class.name, 'message' => normalise(cause.message.to_s) } if cause
  data
end

# Compiles `SETUP\n$confer_result = CALL` once: the outcome as the fields of
# a line.
def evaluate(entry, seed)
  Puppet[:code] = [entry.setup, "$#{RESULT_VAR} = #{entry.call}"].compact.join("\n")
  Puppet.clear_deprecation_warnings
  Puppet::Util::Warnings.clear_warnings
  Kernel.srand(seed)
  messages = []
  logs = Puppet::Test::LogCollector.new(messages)
  Puppet::Util::Log.newdestination(logs)
  compiler = nil
  out = {}
  begin
    # The main manifest is parsed as the compiler is made: a syntax error
    # is an error of the call's.
    Timeout.timeout(CALL_TIMEOUT) { (compiler = new_compiler).compile }
  rescue Timeout::Error
    out['error'] = { 'class' => 'Timeout::Error', 'message' => "no answer in #{CALL_TIMEOUT} s" }
  rescue Exception => e # rubocop:disable Lint/RescueException -- the record says what Puppet said
    raise if e.is_a?(Interrupt)

    out['error'] = error_data(e)
  ensure
    Puppet::Util::Log.close(logs)
  end
  warnings = messages.select { |l| %i[warning err].include?(l.level) }.map { |l| console_line(l) }
  out.merge!(result_data(compiler)) unless out['error']
  out['warnings'] = warnings
  out
end

# $confer_result as rich-data JSON; a value Puppet's converter has to turn
# into a string (a Ruby object no Puppet code makes) says so in
# `result_converted`.
def result_data(compiler)
  value = compiler.topscope[RESULT_VAR]
  messages = []
  logs = Puppet::Test::LogCollector.new(messages)
  Puppet::Util::Log.newdestination(logs)
  data = Puppet.override(compiler.context_overrides) do
    Puppet::Pops::Serialization::ToDataConverter.convert(value, rich_data: true, symbol_as_string: false,
                                                                local_reference: false, type_by_reference: true)
  end
  out = { 'result' => JSON.parse(normalise(JSON.generate(data, allow_nan: true, quirks_mode: true))) }
  out['result_type'] = Puppet.override(compiler.context_overrides) do
    Puppet::Pops::Types::TypeCalculator.infer_set(value).generalize.to_s
  end
  out['result_converted'] = messages.map { |l| normalise(l.to_s.strip) } unless messages.empty?
  out
rescue StandardError => e
  Puppet.override(compiler.context_overrides) do
    { 'result_unserialisable' => normalise("#{e.class}: #{e.message}"[/\A[^\n]*/][0, 200]),
      'result_string' => normalise(Puppet::Pops::Types::StringConverter.singleton.convert(value)),
      'result_type' => Puppet::Pops::Types::TypeCalculator.infer_set(value).generalize.to_s }
  end
ensure
  Puppet::Util::Log.close(logs)
end

# The line of one entry: run twice; differing answers (or a clock function)
# keep the type and the warnings, not the value.
def record(func, entry, resolved)
  first = evaluate(entry, 1)
  second = evaluate(entry, 2)
  line = { 'function' => func.name, 'api' => func.api, 'file' => func.file, 'call' => entry.call,
           'source' => entry.source }
  line['setup'] = entry.setup if entry.setup
  line['spec_file'] = entry.spec_file if entry.spec_file
  line['spec_ignored'] = entry.ignored unless entry.ignored.nil? || entry.ignored.empty?
  line['resolves_to'] = resolved if resolved
  varies = first != second || (CLOCK_FUNCTIONS.include?(func.name) && first.key?('result'))
  if varies
    line['varies'] = true
    first = first.except('result', 'result_converted')
  end
  line.merge(first)
end

# A function one of whose calls varies answers from the clock or Ruby's
# random numbers: none of its values is recorded, only their types (a call
# of it that did not vary may have been lucky: shuffle('ab')).
def unvalued(lines)
  return lines unless lines.any? { |l| l['varies'] }

  lines.map do |l|
    next l unless l.key?('result')

    l.each_with_object({}) do |(k, v), out|
      case k
      when 'result' then out['varies'] = true
      when 'result_converted' then nil
      else out[k] = v
      end
    end
  end
end

skip_total = Hash.new(0)
started = Time.now
FileUtils.mkdir_p(OUT)
extra = File.file?(options[:extra]) ? YAML.safe_load(File.read(options[:extra])) || {} : {}
summary = []
Dir.mktmpdir('confer-ruby-functions-') do |tmp|
  TMP = File.realpath(tmp)
  setup_puppet(TMP)
  Dir.chdir(TMP)
  modules.each do |name, dir|
    next if options[:only] && !options[:only].include?(name)

    funcs = function_files(name, dir)
    next if funcs.empty?

    t0 = Time.now
    skipped = Hash.new(0)
    own = spec_calls(dir, skipped)
    borrowed_dir = BORROW && File.join(BORROW, name)
    borrowed = borrowed_dir && File.directory?(borrowed_dir) ? spec_calls(borrowed_dir, skipped) : Hash.new { [] }
    lines = []
    zero = []
    funcs.each do |func|
      entries, reason = entries_for(func, own, borrowed, extra, skipped)
      resolved = resolves_to(func, dir)
      if entries.empty?
        zero << ["#{func.name} (#{func.api})", reason]
        line = { 'function' => func.name, 'api' => func.api, 'file' => func.file, 'calls' => 0, 'reason' => reason }
        line['resolves_to'] = resolved if resolved
        lines << line
        next
      end
      lines.concat(unvalued(entries.map { |e| record(func, e, resolved) }))
    end
    lines.sort_by! { |l| [l['function'], l['call'] || '', l['setup'] || '', l['file']] }
    File.write(File.join(OUT, "#{name}.jsonl"), lines.map { |l| JSON.generate(l) }.join("\n") + "\n")
    calls = lines.count { |l| l.key?('call') }
    skipped.each { |k, v| skip_total[k] += v }
    summary << [name, funcs.size, calls, zero, skipped]
    warn format('%-20s %3d functions %5d calls %3d without %6.1f s', name, funcs.size, calls, zero.size, Time.now - t0)
  end
end
warn format('%d modules, %d functions, %d calls in %.0f s', summary.size, summary.sum { |s| s[1] },
            summary.sum { |s| s[2] }, Time.now - started)
# SUMMARY.json: per module, the functions, calls, functions without calls
# and skipped calls by reason; a run of some modules (--only) updates theirs.
summary_file = File.join(OUT, 'SUMMARY.json')
previous = File.file?(summary_file) ? JSON.parse(File.read(summary_file)) : []
fresh = summary.map do |name, n, calls, zero, skipped|
  { 'module' => name, 'functions' => n, 'calls' => calls, 'without_calls' => zero.to_h, 'skipped' => skipped.sort.to_h }
end
merged = (previous.reject { |m| fresh.any? { |f| f['module'] == m['module'] } } + fresh).sort_by { |m| m['module'] }
File.write(summary_file, "#{JSON.pretty_generate(merged)}\n")
