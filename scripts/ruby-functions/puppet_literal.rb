# frozen_string_literal: true

# Writes a Ruby value, as an rspec-puppet example or the extra-calls YAML
# gives it, as the Puppet expression that evaluates to the same Puppet value,
# or says why no Puppet code can produce it.
module PuppetLiteral
  # The value has no Puppet spelling; `reason` says why (it names a skip count).
  class Unwritable < StandardError
    attr_reader :reason

    def initialize(reason)
      @reason = reason
      super(reason)
    end
  end

  INT_RANGE = (-(2**63) + 1)..((2**63) - 1)
  # The escapes Puppet reads in a double-quoted string.
  DQ_ESCAPES = { "\\" => '\\\\', '"' => '\\"', '$' => '\\$', "\n" => '\\n', "\r" => '\\r', "\t" => '\\t' }.freeze

  module_function

  # The Puppet source for `value`; raises Unwritable.
  def write(value)
    case value
    when nil, :undef then 'undef'
    when :default then 'default'
    when true, false then value.to_s
    when Integer
      raise Unwritable, 'integer beyond 64 bits' unless INT_RANGE.cover?(value)

      value.to_s
    when Float then float(value)
    when String then string(value)
    when Symbol then raise Unwritable, 'Ruby Symbol'
    when Array then "[#{value.map { |v| write(v) }.join(', ')}]"
    when Hash
      return '{}' if value.empty?

      "{#{value.map { |k, v| "#{write(k)} => #{write(v)}" }.join(', ')}}"
    when Regexp then regexp(value)
    when Puppet::Pops::Types::PSensitiveType::Sensitive then "Sensitive(#{write(value.unwrap)})"
    when Puppet::Pops::Types::PAnyType then value.to_s
    when Puppet::Pops::Time::Timespan then "Timespan(#{string(value.to_s)})"
    when Puppet::Pops::Time::Timestamp then "Timestamp(#{string(value.to_s)})"
    when Puppet::Pops::Types::PBinaryType::Binary then "Binary(#{string(value.to_s)})"
    else raise Unwritable, "Ruby object (#{value.class.name || 'anonymous class'})"
    end
  end

  # Ruby's shortest round-trip digits, in the spelling Puppet's lexer takes
  # (`1.0e+20` has a `+` Puppet refuses; `-0.0` is unary minus on 0.0, which
  # Puppet folds to 0.0).
  def float(value)
    raise Unwritable, 'Float NaN or Infinity' unless value.finite?
    raise Unwritable, 'Float -0.0' if value.zero? && (1.0 / value).negative?

    value.to_s.sub('e+', 'e')
  end

  def string(value)
    value = value.dup.force_encoding(Encoding::UTF_8) if value.encoding == Encoding::ASCII_8BIT
    raise Unwritable, 'String not valid UTF-8' unless value.encoding == Encoding::UTF_8 && value.valid_encoding?

    if value.match?(/[\x00-\x1f\x7f]/)
      body = value.gsub(/[\\"$\x00-\x1f\x7f]/) { |c| DQ_ESCAPES[c] || format('\\u{%x}', c.ord) }
      "\"#{body}\""
    else
      "'#{value.gsub(/[\\']/) { |c| "\\#{c}" }}'"
    end
  end

  # A /re/ literal: Puppet takes the text between the slashes as the
  # regexp's source, after turning `\/` into `/`. Flags have no literal
  # spelling, so a regexp with flags is written as its `(?flags:...)` group.
  def regexp(value)
    source = value.options.zero? ? value.source : value.to_s
    raise Unwritable, 'Regexp with a newline' if source.include?("\n")
    raise Unwritable, 'Regexp ending in a backslash' if source.end_with?('\\') && !source.end_with?('\\\\')

    "/#{source.gsub(%r{(?<!\\)((?:\\\\)*)/}) { "#{Regexp.last_match(1)}\\/" }}/"
  end
end
