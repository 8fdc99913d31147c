include outer::inner::deep
outer::thing { 't': }
