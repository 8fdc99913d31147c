# Records the message Ruby's Psych (over libyaml 0.2.5, as Puppet 7.23
# runs it on Debian 12) gives for each malformed document of
# tests/yaml-errors/cases.yaml, into tests/yaml-errors/expected.tsv: one
# line per case, `name<TAB>message`, in the corpus's order. Documents Psych
# reads without a Psych::SyntaxError are named on stderr and not recorded.
# Deterministic: a rerun writes the same bytes.
#
#   ruby scripts/yaml-errors/record.rb
#
# The test crates/hiera/tests/yaml_errors.rs compares confer's messages
# with these.

require 'yaml'

DIR = File.expand_path('../../tests/yaml-errors', __dir__)

unless Psych::LIBYAML_VERSION == '0.2.5'
  abort "libyaml #{Psych::LIBYAML_VERSION}; the reference is 0.2.5 (Debian 12's, Puppet 7.23's)"
end

# The corpus itself is valid YAML: a mapping of names to document texts.
cases = YAML.safe_load(File.read(File.join(DIR, 'cases.yaml')))
lines = []
cases.each do |name, text|
  begin
    # Psych.parse is the first step of YAML.load (and safe_load): the
    # syntax errors come from it; it stops after the first document.
    Psych.parse(text)
    warn "#{name}: valid for Psych, not recorded"
  rescue Psych::SyntaxError => e
    raise "#{name}: a message on more than one line" if e.message.include?("\n")
    lines << "#{name}\t#{e.message}\n"
  end
end
File.write(File.join(DIR, 'expected.tsv'), lines.join)
warn "#{lines.size} of #{cases.size} cases recorded"
