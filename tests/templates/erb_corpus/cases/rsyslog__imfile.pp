# ERB corpus case: rsyslog/templates/imfile.erb, with plausible variables.
class corpus_case {
  $file_facility = 'file_facility_value'
  $file_name = 'file_name_value'
  $file_severity = 'file_severity_value'
  $file_tag = 'file_tag_value'
  $polling_interval = 'polling_interval_value'
  $run_file_monitor = 'run_file_monitor_value'
  notice(template('rsyslog/imfile.erb'))
}
include corpus_case
