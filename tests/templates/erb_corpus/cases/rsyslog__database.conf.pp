# ERB corpus case: rsyslog/templates/database.conf.erb, with plausible variables.
class corpus_case {
  $backend = 'backend_value'
  $database = 'database_value'
  $db_module = 'db_module_value'
  $password = 'password_value'
  $server = 'server_value'
  $username = 'username_value'
  notice(template('rsyslog/database.conf.erb'))
}
include corpus_case
