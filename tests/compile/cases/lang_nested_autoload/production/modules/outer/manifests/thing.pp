define outer::thing { notify { "thing ${title}": } }
