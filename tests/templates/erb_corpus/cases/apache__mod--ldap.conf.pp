# ERB corpus case: apache/templates/mod/ldap.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $ldap_cache_entries = 'ldap_cache_entries_value'
  $ldap_cache_ttl = 'ldap_cache_ttl_value'
  $ldap_opcache_entries = 'ldap_opcache_entries_value'
  $ldap_opcache_ttl = 'ldap_opcache_ttl_value'
  $ldap_path = 'ldap_path_value'
  $ldap_shared_cache_size = 'ldap_shared_cache_size_value'
  $ldap_trusted_global_cert_file = 'ldap_trusted_global_cert_file_value'
  $ldap_trusted_global_cert_type = 'ldap_trusted_global_cert_type_value'
  $ldap_trusted_mode = 'ldap_trusted_mode_value'
  notice(template('apache/mod/ldap.conf.erb'))
}
include corpus_case
