# ERB corpus case: apache/templates/vhost/_logging.erb, with plausible variables.
class corpus_case {
  $error_log = 'error_log_value'
  $error_log_destination = 'error_log_destination_value'
  $error_log_format24 = ['error_log_format24_a', 'error_log_format24_b']
  $log_level = 'log_level_value'
  notice(template('apache/vhost/_logging.erb'))
}
include corpus_case
