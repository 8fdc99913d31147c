# ERB corpus case: apache/templates/mod/authnz_ldap.conf.erb, with plausible variables.
class corpus_case {
  $verify_server_cert = 'verify_server_cert_value'
  notice(template('apache/mod/authnz_ldap.conf.erb'))
}
include corpus_case
