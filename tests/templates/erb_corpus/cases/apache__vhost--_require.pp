# ERB corpus case: apache/templates/vhost/_require.erb, with plausible variables.
class corpus_case {
  $_template_scope = '_template_scope_value'
  $apache_version = '2.4.1'
  notice(template('apache/vhost/_require.erb'))
}
include corpus_case
