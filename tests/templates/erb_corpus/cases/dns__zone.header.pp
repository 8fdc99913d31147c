# ERB corpus case: dns/templates/zone.header.erb, with plausible variables.
class corpus_case {
  $_contact = '_contact_value'
  $expire = 'expire_value'
  $negttl = 'negttl_value'
  $refresh = 'refresh_value'
  $reverse = 'reverse_value'
  $serial = 'serial_value'
  $soa = 'soa_value'
  $soaip = 'soaip_value'
  $ttl = 'ttl_value'
  $update_retry = 'update_retry_value'
  notice(template('dns/zone.header.erb'))
}
include corpus_case
