# ERB corpus case: openstack_extras/templates/ocf_handler.erb, with plausible variables.
class corpus_case {
  $ocf_handler_name = 'ocf_handler_name_value'
  $ocf_root_path = 'ocf_root_path_value'
  $ocf_script_path = 'ocf_script_path_value'
  $parameters = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $primitive_name = 'primitive_name_value'
  $service_name = 'service_name_value'
  notice(template('openstack_extras/ocf_handler.erb'))
}
include corpus_case
