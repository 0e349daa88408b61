import { ApiProperty } from '@nestjs/swagger';

export class StudentDashboardDto {
  @ApiProperty({ description: 'Essays confirmed for review, not cancelled' }) essaysSubmitted: number;
  @ApiProperty({ description: 'Tutoring sessions attended' }) interviewsCompleted: number;
  @ApiProperty({ example: '72%', description: 'Mean of score × 10 over reviewed essays, rounded; "0%" with none' }) averagePercentage: string;
}

export class TutorDashboardDto {
  @ApiProperty({ description: 'Essays marked (completed)' }) essaysReviewed: number;
  @ApiProperty({ description: 'Tutoring sessions conducted' }) interviewsConducted: number;
  @ApiProperty({ description: 'Average of the students’ ratings out of 5.0, one decimal; 0 with none' }) rating: number;
  @ApiProperty({ description: 'How many ratings the average is of' }) totalRatings: number;
  @ApiProperty({ description: 'Paid out to the tutor (completed payouts in the ledger), pounds with at most 2 decimals' }) earnings: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) earningsPence: number;
}
