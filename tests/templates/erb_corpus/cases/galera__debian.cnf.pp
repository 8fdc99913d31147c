# ERB corpus case: galera/templates/debian.cnf.erb, with plausible variables.
class corpus_case {
  $deb_sysmaint_password = 'deb_sysmaint_password_value'
  notice(template('galera/debian.cnf.erb'))
}
include corpus_case
