# ERB corpus case: openstacklib/templates/clouds.yaml.erb, with plausible variables.
class corpus_case {
  $api_versions = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $auth_url = 'auth_url_value'
  $interface = 'interface_value'
  $password = 'password_value'
  $project_domain_name = 'project_domain_name_value'
  $project_name = 'project_name_value'
  $region_name = 'region_name_value'
  $system_scope = 'system_scope_value'
  $user_domain_name = 'user_domain_name_value'
  $username = 'username_value'
  notice(template('openstacklib/clouds.yaml.erb'))
}
include corpus_case
