# ERB corpus case: apache/templates/mod/authn_dbd.conf.erb, with plausible variables.
class corpus_case {
  $authn_dbd_alias = 'authn_dbd_alias_value'
  $authn_dbd_dbdriver = 'authn_dbd_dbdriver_value'
  $authn_dbd_exptime = 'authn_dbd_exptime_value'
  $authn_dbd_keep = 'authn_dbd_keep_value'
  $authn_dbd_max = 'authn_dbd_max_value'
  $authn_dbd_min = 'authn_dbd_min_value'
  $authn_dbd_params = 'authn_dbd_params_value'
  $authn_dbd_query = 'authn_dbd_query_value'
  notice(template('apache/mod/authn_dbd.conf.erb'))
}
include corpus_case
