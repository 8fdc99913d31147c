# ERB corpus case: corosync/templates/service.erb, with plausible variables.
class corpus_case {
  $version = 'version_value'
  notice(template('corosync/service.erb'))
}
include corpus_case
