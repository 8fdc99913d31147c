# ERB corpus case: mysql/templates/mysqlbackup.sh.erb, with plausible variables.
class corpus_case {
  $backupcompress = 'backupcompress_value'
  $backupdatabases = ['backupdatabases_a', 'backupdatabases_b']
  $backupdir = 'backupdir_value'
  $backupmethod = 'backupmethod_value'
  $backuppassword = 'backuppassword_value'
  $backuprotate = 3
  $backupuser = 'backupuser_value'
  $delete_before_dump = 'delete_before_dump_value'
  $execpath = 'execpath_value'
  $file_per_database = 'file_per_database_value'
  $ignore_events = 'ignore_events_value'
  $include_routines = 'include_routines_value'
  $include_triggers = 'include_triggers_value'
  $kernel = 'kernel_value'
  $maxallowedpacket = 'maxallowedpacket_value'
  $optional_args = ['optional_args_a', 'optional_args_b']
  $postscript = 'postscript_value'
  $prescript = 'prescript_value'
  notice(template('mysql/mysqlbackup.sh.erb'))
}
include corpus_case
