# ERB corpus case: apache/templates/mod/geoip.conf.erb, with plausible variables.
class corpus_case {
  $db_file = ['db_file_a', 'db_file_b']
  $enable = 'enable_value'
  $enable_utf8 = 'enable_utf8_value'
  $flag = 'flag_value'
  $output = 'output_value'
  $scan_proxy_header_field = 'scan_proxy_header_field_value'
  $scan_proxy_headers = 'scan_proxy_headers_value'
  $use_last_xforwarededfor_ip = 'use_last_xforwarededfor_ip_value'
  notice(template('apache/mod/geoip.conf.erb'))
}
include corpus_case
