# ERB corpus case: apache/templates/vhost/_shib.erb, with plausible variables.
class corpus_case {
  $shib_compat_valid_user = 'shib_compat_valid_user_value'
  notice(template('apache/vhost/_shib.erb'))
}
include corpus_case
