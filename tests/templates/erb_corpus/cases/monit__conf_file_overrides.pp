# ERB corpus case: monit/templates/conf_file_overrides.erb, with plausible variables.
class corpus_case {
  $alerts = ['alerts_a', 'alerts_b']
  $check_interval = 'check_interval_value'
  $check_start_delay = 'check_start_delay_value'
  $eventqueue = 'eventqueue_value'
  $eventqueue_basedir = 'eventqueue_basedir_value'
  $eventqueue_slots = 'eventqueue_slots_value'
  $httpserver = 'httpserver_value'
  $httpserver_allow = ['httpserver_allow_a', 'httpserver_allow_b']
  $httpserver_bind_address = 'httpserver_bind_address_value'
  $httpserver_pemfile = 'httpserver_pemfile_value'
  $httpserver_port = 'httpserver_port_value'
  $httpserver_ssl = 'httpserver_ssl_value'
  $logfile = 'logfile_value'
  $mailformat_from = 'mailformat_from_value'
  $mailformat_message = 'mailformat_message_value'
  $mailformat_replyto = 'mailformat_replyto_value'
  $mailformat_subject = 'mailformat_subject_value'
  $mailserver = 'mailserver_value'
  $mmonit_url = 'mmonit_url_value'
  notice(template('monit/conf_file_overrides.erb'))
}
include corpus_case
