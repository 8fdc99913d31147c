# ERB corpus case: apache/templates/mod/security.conf.erb, with plausible variables.
class corpus_case {
  $audit_log_parts = 'audit_log_parts_value'
  $audit_log_relevant_status = 'audit_log_relevant_status_value'
  $audit_log_storage_dir = 'audit_log_storage_dir_value'
  $audit_log_type = 'audit_log_type_value'
  $logroot = 'logroot_value'
  $modsec_dir = 'modsec_dir_value'
  $modsec_secruleengine = 'modsec_secruleengine_value'
  $secpcrematchlimit = 'secpcrematchlimit_value'
  $secpcrematchlimitrecursion = 'secpcrematchlimitrecursion_value'
  $secrequestbodyinmemorylimit = 'secrequestbodyinmemorylimit_value'
  $secrequestbodylimit = 'secrequestbodylimit_value'
  $secrequestbodynofileslimit = 'secrequestbodynofileslimit_value'
  notice(template('apache/mod/security.conf.erb'))
}
include corpus_case
