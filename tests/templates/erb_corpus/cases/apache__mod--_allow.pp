# ERB corpus case: apache/templates/mod/_allow.erb, with plausible variables.
class corpus_case {
  $allow_defaults = ['allow_defaults_a', 'allow_defaults_b']
  $allow_from = ['allow_from_a', 'allow_from_b']
  notice(template('apache/mod/_allow.erb'))
}
include corpus_case
