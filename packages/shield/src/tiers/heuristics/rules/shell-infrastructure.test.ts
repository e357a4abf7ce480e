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
    ['aws ec2 run-instances --image-id ami-0abc --count 1', 'exec.infrastructure_change'],
    // A read and a write in one call is a write.
    [
      'aws ec2 describe-instances && aws ec2 stop-instances --instance-ids i-1',
      'exec.infrastructure_change',
    ],
  ],
  // Operations of the cloud CLIs that only read run; secrets they could return are refused elsewhere.
  mustPass: [
    'aws sts get-caller-identity',
    'aws ec2 describe-instances --region eu-west-1',
    'gcloud compute instances list',
    'az vm list',
  ],
});
