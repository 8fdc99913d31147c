# ERB corpus case: apache/templates/mod/expires.conf.erb, with plausible variables.
class corpus_case {
  $expires_active = 'expires_active_value'
  $expires_by_type = 'expires_by_type_value'
  $expires_default = 'expires_default_value'
  notice(template('apache/mod/expires.conf.erb'))
}
include corpus_case
