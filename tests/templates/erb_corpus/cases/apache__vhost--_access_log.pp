# ERB corpus case: apache/templates/vhost/_access_log.erb, with plausible variables.
class corpus_case {
  $_access_logs = ['_access_logs_a', '_access_logs_b']
  $logroot = 'logroot_value'
  $ssl = 'ssl_value'
  notice(template('apache/vhost/_access_log.erb'))
}
include corpus_case
