# ERB corpus case: apache/templates/vhost/_wsgi.erb, with plausible variables.
class corpus_case {
  $wsgi_application_group = 'wsgi_application_group_value'
  $wsgi_chunked_request = 'wsgi_chunked_request_value'
  $wsgi_daemon_process = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $wsgi_daemon_process_options = ['wsgi_daemon_process_options_a', 'wsgi_daemon_process_options_b']
  $wsgi_import_script = 'wsgi_import_script_value'
  $wsgi_import_script_options = ['wsgi_import_script_options_a', 'wsgi_import_script_options_b']
  $wsgi_pass_authorization = 'wsgi_pass_authorization_value'
  $wsgi_process_group = 'wsgi_process_group_value'
  $wsgi_script_aliases = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $wsgi_script_aliases_match = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('apache/vhost/_wsgi.erb'))
}
include corpus_case
