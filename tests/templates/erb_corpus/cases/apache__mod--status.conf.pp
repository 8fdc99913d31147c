# ERB corpus case: apache/templates/mod/status.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $extended_status = 'extended_status_value'
  $status_path = 'status_path_value'
  notice(template('apache/mod/status.conf.erb'))
}
include corpus_case
