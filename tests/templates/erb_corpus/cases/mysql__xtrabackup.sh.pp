# ERB corpus case: mysql/templates/xtrabackup.sh.erb, with plausible variables.
class corpus_case {
  $backupdatabases = ['backupdatabases_a', 'backupdatabases_b']
  $backupdir = 'backupdir_value'
  $backupmethod = 'backupmethod_value'
  $backuppassword = 'backuppassword_value'
  $backuprotate = 3
  $backupuser = 'backupuser_value'
  $delete_before_dump = 'delete_before_dump_value'
  $kernel = 'kernel_value'
  $optional_args = ['optional_args_a', 'optional_args_b']
  $postscript = 'postscript_value'
  $prescript = 'prescript_value'
  notice(template('mysql/xtrabackup.sh.erb'))
}
include corpus_case
