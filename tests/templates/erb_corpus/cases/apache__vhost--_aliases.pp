# ERB corpus case: apache/templates/vhost/_aliases.erb, with plausible variables.
class corpus_case {
  $aliases = 'aliases_value'
  notice(template('apache/vhost/_aliases.erb'))
}
include corpus_case
