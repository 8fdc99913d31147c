# ERB corpus case: apache/templates/mod/_require.erb, with plausible variables.
class corpus_case {
  $_apache_version = '_apache_version_value'
  $allow_from = ['allow_from_a', 'allow_from_b']
  $requires = 'requires_value'
  $requires_defaults = 'requires_defaults_value'
  notice(template('apache/mod/_require.erb'))
}
include corpus_case
