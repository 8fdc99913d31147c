# frozen_string_literal: true

# Reads the calls a module's rspec-puppet function spec makes, without
# rspec: the spec file runs under a small stand-in for the parts of the
# rspec/rspec-puppet DSL function specs use, which only records the
# arguments each call is given (`run.with_params(ARGS)`,
# `subject.execute(ARGS)`, `scope.call_function(NAME, ARGS)`,
# `scope.function_NAME(ARGS)`). Expectations (`and_return`, `eq`, ...) are
# accepted and ignored: what a call returns is recorded from real Puppet, not
# from the spec. An example that uses anything else raises, and only the
# calls it made before raising are kept.
#
#   SpecCalls.load(path, helpers: [paths]) -> SpecCalls::Result
module SpecCalls
  # One call: the function's name, its Ruby arguments, the calls the
  # example's `before` hooks made first (`setup`, each a Call), the spec's
  # `let(:pre_condition)` Puppet code, and what the spec arranged that a
  # recording cannot reproduce (`ignored`: `let(:facts)`, mocks, ...).
  Call = Struct.new(:function, :args, :lambda, :setup, :pre_condition, :ignored, :spec_file, keyword_init: true)

  # What loading one spec file gave: the top-level `describe` names, the
  # calls, and a count of the examples that raised, by reason.
  Result = Struct.new(:names, :calls, :failures)

  # An example the stand-in cannot run.
  class Refused < StandardError; end

  # The special `let`s rspec-puppet reads; the recording reproduces none but
  # `pre_condition`.
  RSPEC_PUPPET_LETS = %i[facts node trusted_facts trusted_external_data environment hiera_config
                         post_condition node_params adapter].freeze

  # What a stubbed call or a mock returns: answers every message with
  # itself, so `subject.execute(x).unwrap`, `expect(r.size).to eq(4)` and
  # `allow(subject.func.closure_scope).to receive(...)` run on.
  class Anything < BasicObject
    def method_missing(*) = self
    def respond_to_missing?(*) = true
    def to_s = 'anything'
    def to_str = 'anything'
    def inspect = 'anything'
    def to_ary = nil
    def to_hash = nil
    def to_proc = ::Proc.new { self }
    def ==(other) = equal?(other)
    def !=(other) = !equal?(other)
    def is_a?(*) = false
    def nil? = false
    def class = Anything
  end

  # Matchers other than `run`: their arguments do not matter.
  class Matcher
    def method_missing(*) = self
    def respond_to_missing?(*) = true
    def &(other) = self
    def |(other) = self
  end

  # `receive(...)`, `have_received`, mocha's `stubs`/`expects`.
  class MockMatcher < Matcher; end

  # rspec-puppet's `run` matcher: records the arguments.
  class RunMatcher
    attr_reader :args, :lambda

    def initialize
      @args = []
      @lambda = false
    end

    def with_params(*args)
      @args = args
      self
    end

    def with_lambda(*)
      @lambda = true
      self
    end

    def and_return(*) = self
    def and_raise_error(*) = self
    def with_arguments(*) = self
  end

  # `expect(x)`, `is_expected`, `allow(x)`.
  class Target
    def initialize(example, subject, mock: false)
      @example = example
      @subject = subject
      @mock = mock
    end

    def to(matcher = nil, *)
      @example.__matched(@subject, matcher, @mock)
      run_block if @subject.is_a?(Proc) && !matcher.is_a?(MockMatcher)
      self
    end

    # `expect { subject.execute(x) }.to raise_error(...)`: the calls in the
    # block count; what it raises is the expectation's business.
    def run_block
      @example.instance_exec(&@subject)
    rescue Refused
      raise
    rescue StandardError
      nil
    end
    alias not_to to
    alias to_not to
  end

  # The function under test, as `subject`.
  class FunctionSubject
    attr_reader :name

    def initialize(example, name)
      @example = example
      @name = name
    end

    def execute(*args, &blk) = @example.__capture(@name, args, !blk.nil?)

    # `subject.call(scope, args...)`: the 4.x function's Ruby entry.
    def call(_scope, *args, &blk) = @example.__capture(@name, args, !blk.nil?)

    def method_missing(*) = Anything.new
    def respond_to_missing?(*) = true
  end

  # rspec-puppet's `scope`: calls through it are calls too.
  class ScopeStub
    def initialize(example)
      @example = example
    end

    def call_function(name, args = [], &blk) = @example.__capture(name.to_s, Array(args), !blk.nil?)

    def method_missing(name, *args, &blk)
      return @example.__capture(name.to_s.delete_prefix('function_'), Array(args.first), false) if name.start_with?('function_')

      Anything.new
    end

    def respond_to_missing?(*) = true
  end

  # An example group: a class per `describe`, its examples' bodies run on
  # instances of it, as in rspec.
  class Group
    class << self
      attr_accessor :function_name, :befores, :examples, :children, :skipped_by

      def setup_group(function_name)
        self.function_name = function_name
        self.befores = []
        self.examples = []
        self.children = []
      end

      def describe(desc = nil, *_rest, **meta, &blk)
        child = Class.new(self)
        child.setup_group(function_name)
        child.skipped_by = skipped_by || condition_skip(meta)
        children << child
        child.class_exec(&blk) if blk
        child
      end
      %i[context feature example_group].each { |m| alias_method m, :describe }

      def condition_skip(meta)
        return 'group if: false' if meta.key?(:if) && !meta[:if]
        return 'group unless: true' if meta.key?(:unless) && meta[:unless]

        nil
      end

      def it(_desc = nil, *_rest, **meta, &blk)
        examples << [blk, condition_skip(meta)] if blk
      end
      %i[specify example scenario its].each { |m| alias_method m, :it }

      def xit(*); end
      %i[xdescribe xcontext xspecify xexample pending skip].each { |m| alias_method m, :xit }

      def let(name, &blk)
        define_method(name) do
          @__lets ||= {}
          @__lets.fetch(name) { @__lets[name] = instance_exec(&blk) }
        end
      end

      def let!(name, &blk)
        let(name, &blk)
        befores << proc { send(name) }
      end

      def subject(name = nil, &blk)
        raise Refused, 'a custom subject' if blk

        alias_method name, :subject if name
      end

      def before(*, &blk)
        befores << blk
      end
      alias_method :prepend_before, :before

      def after(*); end
      alias_method :append_after, :after

      def around(*)
        raise Refused, 'around hook'
      end

      def shared_examples(name, &blk)
        SHARED[name] = blk
      end
      %i[shared_examples_for shared_context].each { |m| alias_method m, :shared_examples }

      def it_behaves_like(name, *args, &blk)
        shared = SHARED.fetch(name) { raise Refused, "unknown shared examples #{name}" }
        describe(name) do
          class_exec(*args, &shared)
          class_exec(&blk) if blk
        end
      end
      alias_method :it_should_behave_like, :it_behaves_like

      def include_examples(name, *args)
        class_exec(*args, &SHARED.fetch(name) { raise Refused, "unknown shared examples #{name}" })
      end
      alias_method :include_context, :include_examples

      def all_befores
        (superclass.respond_to?(:befores) && superclass.befores ? superclass.all_befores : []) + befores
      end
    end

    SHARED = {} # rubocop:disable Style/MutableConstant -- filled by the spec files

    def initialize(collector)
      super()
      @collector = collector
      @phase = :before
      @mocked = false
      @setup = []
    end

    def __capture(name, args, lambda)
      call = Call.new(function: name, args: args, lambda: lambda)
      if @phase == :before
        @setup << call
      else
        @collector << [self, call]
      end
      Anything.new
    end

    def __matched(subject, matcher, mock)
      @mocked = true if mock || matcher.is_a?(MockMatcher)
      return unless matcher.is_a?(RunMatcher)
      raise Refused, 'run matcher on something else than the function' unless subject.is_a?(FunctionSubject)

      __capture(subject.name, matcher.args, matcher.lambda)
    end

    def __begin_example
      @phase = :example
    end

    def __mocked!
      @mocked = true
    end

    attr_reader :setup

    # What the example arranged that the recording does not reproduce.
    def __ignored
      lets = RSPEC_PUPPET_LETS.select { |l| respond_to?(l) }.map { |l| "let(:#{l})" }
      lets << 'mocks' if @mocked
      lets
    end

    def __pre_condition
      return nil unless respond_to?(:pre_condition)

      Array(pre_condition).join("\n")
    end

    def subject = (@subject ||= FunctionSubject.new(self, self.class.function_name))
    def is_expected = Target.new(self, subject) # rubocop:disable Naming/PredicatePrefix -- rspec's name
    def expect(value = nil, &blk) = Target.new(self, blk || value)
    def should(matcher = nil) = Target.new(self, subject).to(matcher)
    def should_not(matcher = nil) = Target.new(self, subject).to(matcher)
    def run = RunMatcher.new
    def scope = (@scope ||= ScopeStub.new(self))

    def allow(*)
      @mocked = true
      Target.new(self, nil, mock: true)
    end
    %i[allow_any_instance_of expect_any_instance_of].each { |m| alias_method m, :allow }

    def receive(*) = MockMatcher.new
    %i[receive_messages have_received receive_message_chain].each { |m| alias_method m, :receive }

    def double(*)
      @mocked = true
      Anything.new
    end
    %i[instance_double class_double object_double spy stub mock stub_request].each { |m| alias_method m, :double }

    def catalogue = Anything.new
    alias_method :lambda_catalogue, :catalogue

    # rspec-puppet's `call_function(name, args...)` from an example.
    def call_function(name, *args, &blk) = __capture(name.to_s, args, !blk.nil?)

    def sensitive(value) = Puppet::Pops::Types::PSensitiveType::Sensitive.new(value)
    def undef_value = :undef
    def pending(*); end

    def skip(*)
      raise Refused, 'skip'
    end

    def tmpfilename(*)
      raise Refused, 'tmpfilename'
    end
    alias_method :tmpdir, :tmpfilename

    MATCHERS = %i[eq eql equal be be_a be_an be_nil be_truthy be_falsey be_kind_of be_an_instance_of
                  be_instance_of be_empty match include raise_error raise_exception contain_exactly
                  match_array start_with end_with have_key a_kind_of an_instance_of satisfy output
                  be_within change anything no_args a_string_matching a_string_including a_hash_including
                  hash_including array_including instance_of kind_of a_value_within exist
                  compile contain_class have_attributes all be_falsy].freeze
    MATCHERS.each { |m| define_method(m) { |*, **, &| Matcher.new } }

    # `contain_user(...)`, `have_resource_count(...)`, `be_truthy`...: catalogue
    # and predicate matchers.
    def method_missing(name, *args, &blk)
      return Matcher.new if name.match?(/\A(contain|create|have|be)_/)

      super
    end

    def respond_to_missing?(name, include_private = false)
      name.match?(/\A(contain|create|have|be)_/) || super
    end
  end

  # stdlib's spec_helper_local.rb: a String subclass its specs pass.
  class AlsoString < String; end

  # The top level of a spec file.
  module TopLevel
    def describe(name = nil, *_rest, **meta, &blk)
      group = Class.new(Group)
      # Methods the file defines at its top level (`def deprettyfy`) are
      # Object's in Ruby: every example can call them.
      group.include(self)
      group.setup_group(name.is_a?(String) ? name : nil)
      group.skipped_by = group.condition_skip(meta)
      group.class_exec(&blk) if blk
      @groups << group
      group
    end

    def shared_examples(name, &blk)
      Group::SHARED[name] = blk
    end
    alias shared_examples_for shared_examples
    alias shared_context shared_examples

    # `require 'spec_helper'` and the test gems a spec names load nothing:
    # the stand-in is the helper; what a missing gem would define makes the
    # examples that use it raise.
    def require(name)
      return false if name.start_with?('spec_helper')

      Kernel.require(name)
    rescue LoadError
      false
    end

    def require_relative(*) = false
  end

  # `RSpec.describe` and `RSpec.configure` from inside a spec file.
  module RSpecStub
    def self.describe(*args, **meta, &blk) = Thread.current[:spec_calls_top].describe(*args, **meta, &blk)
    def self.configure(*); end
    def self.configuration = Anything.new
    def self.shared_examples(name, &blk) = (Group::SHARED[name] = blk)
  end

  # Refuses what would change the machine or this process: an example that
  # writes files, sets Puppet settings or defines functions is not run.
  module FileGuard
    %i[write binwrite rename symlink].each do |m|
      define_method(m) { |*a, **k, &b| Thread.current[:spec_calls_top] ? raise(Refused, "File.#{m}") : super(*a, **k, &b) }
    end
  end

  # Puppet settings a spec sets (`Puppet[:strict] = :error`) would stay set.
  module SettingsGuard
    def []=(name, value)
      raise Refused, "Puppet[:#{name}] =" if Thread.current[:spec_calls_top]

      super
    end
  end

  # Functions a spec defines for itself would stay defined in this process.
  module DefinitionGuard
    %i[newfunction create_function].each do |m|
      define_method(m) { |*a, **k, &b| Thread.current[:spec_calls_top] ? raise(Refused, m.to_s) : super(*a, **k, &b) }
    end
  end

  # A temporary file's random name would be an argument: a rerun would
  # record another call.
  module TempGuard
    def self.guard(*methods)
      Module.new do
        methods.each do |m|
          define_method(m) { |*a, **k, &b| Thread.current[:spec_calls_top] ? raise(Refused, 'temporary file') : super(*a, **k, &b) }
        end
      end
    end
  end

  require 'tempfile'
  File.singleton_class.prepend(FileGuard)
  Tempfile.singleton_class.prepend(TempGuard.guard(:new, :create, :open))
  Dir.singleton_class.prepend(TempGuard.guard(:mktmpdir))
  Puppet.singleton_class.prepend(SettingsGuard)
  Puppet::Parser::Functions.singleton_class.prepend(DefinitionGuard)
  Puppet::Functions.singleton_class.prepend(DefinitionGuard)

  module_function

  # Runs the spec file at `path`; every example of every top-level group is
  # run once, its `before` hooks first. `helpers` (the module's
  # spec/spec_helper_local.rb and spec/support/**/*.rb) are read first for
  # the shared examples they define; whatever else in them fails is ignored.
  def load(path, helpers: [])
    Group::SHARED.clear
    top = Module.new
    top.extend(TopLevel)
    top.instance_variable_set(:@groups, [])
    top.const_set(:RSpec, RSpecStub)
    top.const_set(:AlsoString, AlsoString)
    failures = Hash.new(0)
    calls = []
    helpers.each { |h| eval_file(top, h) }
    top.instance_variable_set(:@groups, [])
    error = eval_file(top, path)
    failures["spec file raised #{reason(error)}"] += 1 if error
    groups = top.instance_variable_get(:@groups)
    groups.each { |g| run_group(g, calls, failures, top) }
    Result.new(groups.filter_map(&:function_name).uniq, calls, failures)
  end

  # Evaluates a spec file's top level; returns what it raised, if anything.
  def eval_file(top, path)
    with_stubs(top) do
      top.module_eval(File.read(path), path, 1)
      nil
    rescue Exception => e # rubocop:disable Lint/RescueException -- a spec file may raise anything, even ScriptError
      raise if e.is_a?(Interrupt)

      e
    end
  end

  MOCHA = %i[stubs expects].freeze

  # Runs the block as a spec's code: with mocha's `Object#stubs` and
  # `#expects` defined (as mocks that mark the running example mocked),
  # and the file and settings guards on.
  def with_stubs(top, example = nil)
    Thread.current[:spec_calls_top] = top
    Thread.current[:spec_calls_example] = example
    MOCHA.each do |m|
      Object.define_method(m) do |*|
        Thread.current[:spec_calls_example]&.__mocked!
        MockMatcher.new
      end
    end
    yield
  ensure
    Thread.current[:spec_calls_top] = nil
    Thread.current[:spec_calls_example] = nil
    MOCHA.each { |m| Object.send(:remove_method, m) }
  end

  def run_group(group, calls, failures, top)
    group.examples.each do |blk, skip|
      reason = group.skipped_by || skip
      next failures["spec #{reason}"] += 1 if reason

      collected = []
      example = group.new(collected)
      error = run_example(example, group, blk, top)
      failures["spec example raised #{reason(error)}"] += 1 if error
      # Examples whose only calls are in `before` hooks (`before {
      # subject.execute(...) }` then an expectation on the catalogue): the
      # last of them is the call.
      collected << [example, example.setup.pop] if collected.empty? && !example.setup.empty?
      collected.each do |ex, call|
        call.setup = ex.setup.dup
        call.pre_condition = ex.__pre_condition
        call.ignored = ex.__ignored
        calls << call
      end
    rescue Exception => e # rubocop:disable Lint/RescueException -- reading a let may raise anything
      raise if e.is_a?(Interrupt)

      failures["spec example raised #{reason(e)}"] += 1
    end
    group.children.each { |c| run_group(c, calls, failures, top) }
  end

  # Runs one example; returns the exception it raised, if any.
  def run_example(example, group, blk, top)
    with_stubs(top, example) do
      group.all_befores.each { |b| example.instance_exec(&b) }
      example.__begin_example
      example.instance_exec(&blk)
      nil
    rescue Exception => e # rubocop:disable Lint/RescueException -- an example may raise anything
      raise if e.is_a?(Interrupt)

      e
    end
  end

  # A failure's reason, short enough to count by.
  def reason(error)
    case error
    when Refused then "(#{error.message})"
    when NoMethodError, NameError then "(#{error.class}: #{error.name})"
    else "(#{error.class})"
    end
  end
end
