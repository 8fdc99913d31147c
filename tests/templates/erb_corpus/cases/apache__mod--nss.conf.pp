# ERB corpus case: apache/templates/mod/nss.conf.erb, with plausible variables.
class corpus_case {
  $error_log = 'error_log_value'
  $httpd_dir = 'httpd_dir_value'
  $passwd_file = 'passwd_file_value'
  $port = 'port_value'
  $transfer_log = 'transfer_log_value'
  notice(template('apache/mod/nss.conf.erb'))
}
include corpus_case
