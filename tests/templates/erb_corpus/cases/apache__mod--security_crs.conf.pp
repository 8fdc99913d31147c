# ERB corpus case: apache/templates/mod/security_crs.conf.erb, with plausible variables.
class corpus_case {
  $_secdefaultaction = '_secdefaultaction_value'
  $allowed_methods = 'allowed_methods_value'
  $anomaly_score_blocking = 'anomaly_score_blocking_value'
  $content_types = 'content_types_value'
  $critical_anomaly_score = 'critical_anomaly_score_value'
  $error_anomaly_score = 'error_anomaly_score_value'
  $inbound_anomaly_threshold = 'inbound_anomaly_threshold_value'
  $notice_anomaly_score = 'notice_anomaly_score_value'
  $outbound_anomaly_threshold = 'outbound_anomaly_threshold_value'
  $restricted_extensions = 'restricted_extensions_value'
  $restricted_headers = 'restricted_headers_value'
  $secrequestmaxnumargs = 'secrequestmaxnumargs_value'
  $warning_anomaly_score = 'warning_anomaly_score_value'
  notice(template('apache/mod/security_crs.conf.erb'))
}
include corpus_case
