# ERB corpus case: apache/templates/vhost/_auth_kerb.erb, with plausible variables.
class corpus_case {
  $auth_kerb = 'auth_kerb_value'
  $krb_5keytab = 'krb_5keytab_value'
  $krb_auth_realms = ['krb_auth_realms_a', 'krb_auth_realms_b']
  $krb_authoritative = 'krb_authoritative_value'
  $krb_local_user_mapping = 'krb_local_user_mapping_value'
  $krb_method_k5passwd = 'krb_method_k5passwd_value'
  $krb_method_negotiate = 'krb_method_negotiate_value'
  $krb_save_credentials = 'krb_save_credentials_value'
  $krb_servicename = 'krb_servicename_value'
  $krb_verify_kdc = 'krb_verify_kdc_value'
  notice(template('apache/vhost/_auth_kerb.erb'))
}
include corpus_case
