# frozen_string_literal: true

# Values for the module sweep's generated cases, made from a parameter's
# declared type as Puppet resolves it, and written as Puppet source.
# A value is kept only when the type's own `instance?` accepts it (or, for a
# value meant to be refused, rejects it), so the cases never rely on this
# file's idea of a type.
module SweepValues
  Types = Puppet::Pops::Types

  # Strings real parameters take, tried in order for String and Pattern types
  # (paths, hosts, URLs, addresses, modes, sizes, versions, ensure values).
  STRINGS = [
    'sweep', '/tmp/sweep', 'sweep.example.com', 'http://sweep.example.com/', 'https://sweep.example.com/',
    '192.0.2.1', '192.0.2.0/24', '2001:db8::1', '0644', '1', '1.0', '1.0.0', '10G', '10m', '1s', 'present',
    'true', 'yes', 'on', 'sweep@example.com', 'c3dlZXA=', 'puppet:///modules/sweep/sweep', 'sweep:sweep',
    '192.0.2.1:80', 'sweep.example.com:80', '/dev/sda', 'UTC', 'en_US.UTF-8', 'x86_64', 'sha256', 'tcp',
    'mysql://sweep@sweep.example.com/sweep', 'rabbit://sweep@sweep.example.com:5672/', '*', 'a', 'A', 'Sweep',
    '00:11:22:33:44:55', 'sweep_sweep', 'Sweep1!', '0', '-1', '1d', '1h', 'sweep sweep',
  ].freeze

  # Values a type is likely to refuse, tried in order for a refusal case.
  WRONG = ['sweep', 42, true, ['sweep'], { 'sweep' => 1 }].freeze

  # Stands for Puppet's `default` in generated values.
  DEFAULT = Object.new.freeze

  # How deep a type is followed while making a value.
  MAX_DEPTH = 8

  # Makes values for types written in Puppet source.
  class Resolver
    def initialize(loader)
      @loader = loader
    end

    # Puppet source of a value the type accepts; `'sweep'` where none is found
    # (Puppet then refuses the case, which the sweep records as it is).
    def valid_source(type_text)
      type = resolve(type_text)
      value = type && valid(type, 0)
      value = 'sweep' if value.equal?(NONE)
      Source.write(value.nil? && type.nil? ? 'sweep' : value)
    end

    # Puppet source of a value the type refuses; nil for an untyped parameter
    # or a type that accepts every value tried.
    def invalid_source(type_text)
      type = resolve(type_text)
      return nil if type.nil?

      wrong = WRONG.find { |v| !type.instance?(v) }
      wrong.nil? ? nil : Source.write(wrong)
    end

    private

    NONE = Object.new.freeze

    def resolve(type_text)
      return nil if type_text.nil?

      Types::TypeParser.singleton.parse(type_text, @loader)
    rescue StandardError
      nil
    end

    def valid(type, depth)
      return NONE if depth > MAX_DEPTH

      candidates(type, depth).find { |v| v.equal?(DEFAULT) || type.instance?(v) } || NONE
    rescue StandardError
      NONE
    end

    # Values to try for a type, most usual first.
    def candidates(type, depth)
      case type
      when Types::PTypeAliasType then [valid(type.resolved_type, depth + 1)]
      when Types::POptionalType, Types::PNotUndefType
        inner = type.type
        inner.nil? || inner.is_a?(String) ? STRINGS : [valid(inner, depth + 1)]
      when Types::PVariantType then type.types.map { |t| valid(t, depth + 1) }
      when Types::PEnumType then type.values.first(1)
      when Types::PStringType then type.value.nil? ? STRINGS + ['x' * (type.size_type&.from || 1)] : [type.value]
      when Types::PPatternType then STRINGS
      when Types::PIntegerType then [clamp(1, type.from, type.to)]
      when Types::PFloatType then [clamp(1.0, type.from, type.to)]
      when Types::PNumericType then [1]
      when Types::PBooleanType then [true]
      when Types::PArrayType then array(type, depth)
      when Types::PTupleType then [type.types.map { |t| valid(t, depth + 1) }]
      when Types::PHashType then hash(type, depth)
      when Types::PStructType then [struct(type, depth)]
      when Types::PSensitiveType then [Types::PSensitiveType::Sensitive.new(valid(type.type, depth + 1))]
      when Types::PTypeType then [type.type || Types::PStringType::DEFAULT]
      when Types::PRegexpType then [Regexp.new('sweep')]
      when Types::PUndefType then [nil]
      when Types::PDefaultType then [DEFAULT]
      else STRINGS + [1, true, [], {}]
      end
    end

    def clamp(value, from, to)
      value = from if from && from != -Float::INFINITY && value < from
      value = to if to && to != Float::INFINITY && value > to
      value
    end

    def array(type, depth)
      min = type.size_type&.from.to_i
      return [[]] if min.zero?

      element = valid(type.element_type || Types::PAnyType::DEFAULT, depth + 1)
      [Array.new(min, element)]
    end

    def hash(type, depth)
      min = type.size_type&.from.to_i
      return [{}] if min.zero?

      key = valid(type.key_type || Types::PStringType::DEFAULT, depth + 1)
      [{ key => valid(type.value_type || Types::PAnyType::DEFAULT, depth + 1) }]
    end

    def struct(type, depth)
      type.elements.each_with_object({}) do |e, h|
        next if e.key_type.is_a?(Types::POptionalType)

        h[e.name] = valid(e.value_type, depth + 1)
      end
    end
  end

  # Writes a value as Puppet source.
  module Source
    module_function

    def write(value)
      case value
      when nil then 'undef'
      when true, false, Integer then value.to_s
      when Float then value.to_s
      when String then "'#{value.gsub('\\', '\\\\\\\\').gsub("'", "\\\\'")}'"
      when Array then "[#{value.map { |v| write(v) }.join(', ')}]"
      when Hash then "{#{value.map { |k, v| "#{write(k)} => #{write(v)}" }.join(', ')}}"
      when Regexp then "/#{value.source}/"
      when Types::PSensitiveType::Sensitive then "Sensitive(#{write(value.unwrap)})"
      when Types::PAnyType then value.to_s
      else value.equal?(DEFAULT) ? 'default' : "'sweep'"
      end
    end
  end
end
