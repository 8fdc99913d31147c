# ERB corpus case: apache/templates/vhost/_auth_oidc.erb, with plausible variables.
class corpus_case {
  $auth_oidc = 'auth_oidc_value'
  $oidc_settings = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('apache/vhost/_auth_oidc.erb'))
}
include corpus_case
