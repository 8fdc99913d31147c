# ERB corpus case: galera/templates/clustercheck.erb, with plausible variables.
class corpus_case {
  $available_when_donor = 'available_when_donor_value'
  $available_when_readonly = 'available_when_readonly_value'
  $status_host = 'status_host_value'
  $status_password = 'status_password_value'
  $status_user = 'status_user_value'
  notice(template('galera/clustercheck.erb'))
}
include corpus_case
