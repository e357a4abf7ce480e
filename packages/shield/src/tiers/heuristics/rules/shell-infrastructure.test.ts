import { describeShellRules } from '../rule-table.test-support.js';

describeShellRules('cloud and cluster deletions picked by a listing at run time', {
  mustBlock: [
    [
      'aws ec2 describe-snapshots --owner-ids self --query "Snapshots[].SnapshotId" --output text | xargs -n1 aws ec2 delete-snapshot --snapshot-id',
      'destructive.bulk_infrastructure_delete',
    ],
    ['kubectl delete $(kubectl get namespaces -o name)', 'destructive.bulk_infrastructure_delete'],
    [
      'gcloud compute instances list --format="value(name)" | xargs gcloud compute instances delete --quiet',
      'destructive.bulk_infrastructure_delete',
    ],
  ],
  mustEscalate: [
    ['aws ec2 delete-snapshot --snapshot-id snap-0123456789abcdef0', 'exec.infrastructure_change'],
    ['kubectl delete pod web-1', 'exec.infrastructure_change'],
    ['terraform destroy', 'exec.infrastructure_change'],
  ],
  mustPass: [],
});
